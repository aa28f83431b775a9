/**
 * The one way to build SQL text. `sql` is a tagged template: interpolated values become `$n`
 * parameters; identifiers go through `ident()`, which alone quotes names; fragments nest.
 * A plain string interpolated where a value is meant is still bound as a parameter, never spliced.
 */

const FRAGMENT = Symbol('sql.fragment')

type Part = { kind: 'text'; text: string } | { kind: 'value'; value: unknown } | { kind: 'fragment'; fragment: SqlFragment }

export interface SqlFragment {
  readonly [FRAGMENT]: true
  readonly parts: readonly Part[]
}

export interface CompiledSql {
  text: string
  values: unknown[]
}

function fragment(parts: Part[]): SqlFragment {
  return { [FRAGMENT]: true, parts }
}

export function isSqlFragment(value: unknown): value is SqlFragment {
  return typeof value === 'object' && value !== null && FRAGMENT in value
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  const parts: Part[] = []
  strings.forEach((text, i) => {
    if (text) parts.push({ kind: 'text', text })
    if (i < values.length) {
      const value = values[i]
      parts.push(isSqlFragment(value) ? { kind: 'fragment', fragment: value } : { kind: 'value', value })
    }
  })
  return fragment(parts)
}

/** Quotes an identifier (schema, table, column, alias). Doubling `"` is Postgres' own escape. */
export function ident(...names: string[]): SqlFragment {
  const quoted = names.map((name) => {
    if (name.length === 0 || name.includes('\0')) throw new Error(`invalid SQL identifier ${JSON.stringify(name)}`)
    return `"${name.replaceAll('"', '""')}"`
  })
  return fragment([{ kind: 'text', text: quoted.join('.') }])
}

/** A string literal for text that is part of the statement's shape (JSON keys of the response). */
export function literal(text: string): SqlFragment {
  if (text.includes('\0')) throw new Error('SQL literal may not contain NUL')
  return fragment([{ kind: 'text', text: `'${text.replaceAll("'", "''")}'` }])
}

/** Joins fragments with a separator (`, ` by default). */
export function join(items: readonly SqlFragment[], separator = ', '): SqlFragment {
  const parts: Part[] = []
  items.forEach((item, i) => {
    if (i > 0 && separator) parts.push({ kind: 'text', text: separator })
    parts.push({ kind: 'fragment', fragment: item })
  })
  return fragment(parts)
}

/**
 * Trusted SQL text: keywords, operators and type names chosen by the code, never by input.
 * Every call site is reviewed; prefer `sql` and `ident`.
 */
export function raw(text: string): SqlFragment {
  return fragment([{ kind: 'text', text }])
}

export const empty: SqlFragment = fragment([])

/**
 * Numbers the values as `$1…$n`. `placeholder` may put a fragment in a value's place instead
 * (returning undefined binds it as usual): one statement tree then compiles to another
 * statement, as live queries do when each subscriber's values come from a row of a batch.
 */
export function compile(query: SqlFragment, placeholder?: (value: unknown) => SqlFragment | undefined): CompiledSql {
  const values: unknown[] = []
  let text = ''
  const walk = (node: SqlFragment): void => {
    for (const part of node.parts) {
      if (part.kind === 'text') text += part.text
      else if (part.kind === 'fragment') walk(part.fragment)
      else {
        const replacement = placeholder?.(part.value)
        if (replacement) {
          walk(replacement)
          continue
        }
        values.push(part.value)
        text += `$${values.length}`
      }
    }
  }
  walk(query)
  return { text, values }
}

/**
 * Values as SQL literals, for statements sent with the simple query protocol (which takes no
 * parameters) or for `EXECUTE`'s arguments. Each literal is untyped, as a text parameter is, and
 * Postgres resolves it from its context in the same way. Null when a value cannot be one: a NUL
 * character (it would end the message early) or a value with no text form here.
 */
export function sqlLiterals(values: readonly unknown[]): string[] | null {
  const literals: string[] = []
  for (const value of values) {
    if (value === null || value === undefined) {
      literals.push('NULL')
      continue
    }
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null
    if (text === null || text.includes('\0')) return null
    const quoted = text.replaceAll("'", "''")
    // E'' reads backslashes as escapes whatever standard_conforming_strings says: double them.
    literals.push(text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`)
  }
  return literals
}

/**
 * Compiled text with `literals` (`sqlLiterals`) in place of its parameters. Only for text
 * `compile` produced: its quoted parts are `'…'` and `"…"` with doubled quotes (no `E''`, dollar
 * quotes or comments), so a `$n` outside them is always a parameter.
 */
export function inlineLiterals(text: string, literals: readonly string[]): string {
  return text.replace(QUOTED_OR_PARAMETER, (match, index: string | undefined) => (index ? (literals[Number(index) - 1] ?? match) : match))
}

/** A quoted literal or identifier (kept as it is), or a parameter `$n` (its number captured). */
const QUOTED_OR_PARAMETER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g
