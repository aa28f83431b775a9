/**
 * Nhost's `redirectTo` rule (`services/auth/go/controller/validator.go`, `ValidateRedirectTo`):
 * the client URL and every `allowedUrls` entry allow themselves and any path below them; `*`
 * matches within one host label or path segment, `**` anything; a URL without a port also
 * matches the scheme's default port; query and fragment are ignored when matching.
 */
export function createRedirectValidator(clientUrl: string, allowedUrls: readonly string[]): (redirectTo: string) => boolean {
  const patterns = [clientUrl, ...allowedUrls].flatMap(compilePatterns)
  return (redirectTo) => {
    if (!hasValidShape(redirectTo)) return false
    const clean = redirectTo.split('#')[0]!.split('?')[0]!
    return patterns.some((pattern) => pattern.test(clean) || pattern.test(`${clean}/`))
  }
}

/**
 * An absolute http(s) URL with a host and nothing that a browser would resolve elsewhere:
 * `//evil.example` and `https:/\evil.example` style targets would carry the refresh token that
 * `/verify` appends to another origin.
 */
function hasValidShape(redirectTo: string): boolean {
  if (/[\s\\]/.test(redirectTo) || !URL.canParse(redirectTo)) return false
  const url = new URL(redirectTo)
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    /^https?:\/\/[^/]/.test(redirectTo) &&
    url.username === '' &&
    url.password === ''
  )
}

function compilePatterns(allowed: string): RegExp[] {
  let glob = allowed
  if (glob.endsWith('/**')) {
    // already allows everything below
  } else if (glob.endsWith('/*')) glob += '*'
  else if (glob.endsWith('/')) glob += '**'
  else glob += '/**'
  const globs = [glob]
  const hasPort = /^https?:\/\/[^/]+:\d+/.test(glob)
  if (!hasPort) {
    const port = glob.startsWith('https://') ? '443' : '80'
    globs.push(glob.replace(/^(https?:\/\/[^/]+)/, `$1:${port}`))
  }
  return globs.map(globToRegExp)
}

function globToRegExp(glob: string): RegExp {
  let source = ''
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*'
      i++
    } else if (char === '*') source += '[^./]*'
    else source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/** Appends query parameters to a redirect URL, keeping what it already had. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}
