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
