import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { Hono } from 'hono'
import { LruCache } from '../lib/lru-cache.ts'

const gzipAsync = promisify(gzip)
/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map'])

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

/**
 * Serves the built single-page app: files under `dir` as they are, and `index.html` for any other
 * GET so that client-side routes such as `/w/acme` load. Registered after every API route.
 */
export function serveWebApp(app: Hono, dir: string): void {
  const root = normalize(dir)
  // The built app is a few dozen files: each is compressed once per build, not per request.
  const compressed = new LruCache<string, Buffer>(256)
  app.get('*', async (c) => {
    const path = normalize(join(root, safeDecode(c.req.path)))
    // A path that normalises outside the folder (`/../`) is answered with the app, not the file.
    const inside = path.startsWith(root + sep)
    const file = inside && existsSync(path) && extname(path) !== '' ? path : join(root, 'index.html')
    const { headers, compressible } = webAppFileHeaders(file)
    if (compressible && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      const key = `${file}:${(await stat(file)).mtimeMs}`
      let body = compressed.get(key)
      if (!body) {
        body = await gzipAsync(await readFile(file))
        compressed.set(key, body)
      }
      return c.body(new Uint8Array(body), 200, { ...headers, 'content-encoding': 'gzip' })
    }
    return c.body(new Uint8Array(await readFile(file)), 200, headers)
  })
}

/**
 * The headers a file of the built app is served with (hashed files under `assets/` cached for
 * good, the rest revalidated), and whether it is worth compressing.
 */
export function webAppFileHeaders(file: string): { headers: Record<string, string>; compressible: boolean } {
  const immutable = file.includes(`${sep}assets${sep}`)
  return {
    headers: {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    },
    compressible: COMPRESSIBLE.has(extname(file)),
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return '/' // a malformed escape names no file: answer with the app
  }
}
