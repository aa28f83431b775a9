/**
 * Replaces every `$n` parameter of compiled SQL text with `replace(n)`, skipping what only looks
 * like one: string literals ('…', E'…' with backslash escapes), quoted identifiers ("…"),
 * dollar-quoted bodies ($tag$…$tag$) and comments. The engine's statements are compiled text
 * with their values as parameters; multiplexing and combining root fields renumber or replace
 * those parameters without re-planning the operation.
 */
export function rewriteParameters(text: string, replace: (n: number) => string): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    const next = text[i + 1]
    let end: number
    if (c === "'") end = skipQuoted(text, i, "'", isEscapeString(text, i))
    else if (c === '"') end = skipQuoted(text, i, '"', false)
    else if (c === '-' && next === '-') end = skipUntil(text, i, '\n')
    else if (c === '/' && next === '*') end = skipBlockComment(text, i)
    else if (c === '$' && next !== undefined && next >= '0' && next <= '9' && !isIdentifierChar(text[i - 1])) {
      let j = i + 1
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++
      out += replace(Number(text.slice(i + 1, j)))
      i = j
      continue
    } else if (c === '$' && !isIdentifierChar(text[i - 1])) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))?.[0]
      if (tag === undefined) end = i + 1
      else {
        const close = text.indexOf(tag, i + tag.length)
        end = close === -1 ? text.length : close + tag.length
      }
    } else end = i + 1
    out += text.slice(i, end)
    i = end
  }
  return out
}

function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_$]/.test(c)
}

/** `E'…'` (or `e'…'`) where the E is a prefix, not the end of an identifier such as `case'`. */
function isEscapeString(text: string, quote: number): boolean {
  const prefix = text[quote - 1]
  return (prefix === 'E' || prefix === 'e') && !isIdentifierChar(text[quote - 2])
}

function skipQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1
  while (i < text.length) {
    if (backslashEscapes && text[i] === '\\') i += 2
    else if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2
      else return i + 1
    } else i++
  }
  return text.length
}

function skipUntil(text: string, start: number, terminator: string): number {
  const at = text.indexOf(terminator, start)
  return at === -1 ? text.length : at + terminator.length
}

/** Postgres block comments nest. */
function skipBlockComment(text: string, start: number): number {
  let depth = 0
  let i = start
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++
      i += 2
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--
      i += 2
      if (depth === 0) return i
    } else i++
  }
  return text.length
}
