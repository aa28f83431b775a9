import { EngineError } from '../engine-error.ts'
import type { ParamValue, TypedValue } from '../plan/ir.ts'

/**
 * A parameter of a compiled statement, bound per request: compiled SQL keeps these in its values
 * array, so that one cached statement serves every session and every value of its slot variables.
 */
export class BoundParam {
  constructor(
    readonly param: ParamValue,
    readonly encoding: TypedValue['encoding'],
  ) {}
}

export interface BindContext {
  sessionVariables: Record<string, string>
  variables: Record<string, unknown>
}

export function bindValues(values: readonly unknown[], context: BindContext): unknown[] {
  return values.map((value) => (value instanceof BoundParam ? bindParam(value, context) : value))
}

function bindParam(bound: BoundParam, context: BindContext): string | null {
  const { param } = bound
  if (param.kind === 'session') {
    const value = context.sessionVariables[param.name]
    // Hasura's message and code for a permission that needs a header the request lacks.
    if (value === undefined) throw new EngineError('not-found', `missing session variable: "${param.name}"`)
    return bound.encoding === 'array' ? sessionArray(value) : value
  }
  if (param.kind === 'literal') return encodeValue(param.value, bound.encoding)
  let value = context.variables[param.name]
  for (const step of param.path ?? []) value = (value as Record<string | number, unknown> | null | undefined)?.[step]
  return encodeValue(value, bound.encoding)
}

/**
 * An array-valued session variable is a Postgres array literal (`{1,2}`) or, as Hasura also
 * accepts, a JSON array (`["a","b"]`, `[{"name": "x"}]` for jsonb columns).
 */
function sessionArray(text: string): string {
  if (!text.trimStart().startsWith('[')) return text
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  return Array.isArray(parsed) ? arrayLiteral(parsed) : text
}

/** Every value reaches Postgres as text and is cast there to the column's or argument's type. */
export function encodeValue(value: unknown, encoding: TypedValue['encoding']): string | null {
  if (value === null || value === undefined) return null
  if (encoding === 'json') return JSON.stringify(value)
  if (encoding === 'array' && Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** A Postgres array literal; every element quoted, `"` and `\` escaped as array input requires. */
function arrayLiteral(items: unknown[]): string {
  const parts = items.map((item) => {
    if (item === null || item === undefined) return 'NULL'
    if (Array.isArray(item)) return arrayLiteral(item)
    const text = typeof item === 'object' ? JSON.stringify(item) : String(item)
    return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`
  })
  return `{${parts.join(',')}}`
}
