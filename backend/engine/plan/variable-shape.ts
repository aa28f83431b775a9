import { getNamedType, GraphQLInputObjectType, GraphQLScalarType, type GraphQLInputType } from 'graphql'
import { carriesColumnValues } from '../schema/mutation-field-meanings.ts'
import { VariableSlot } from './variable-slot.ts'

/**
 * A variable holding mutation input made of column values (`objects: $rows`, `_set: $changes`;
 * `carriesColumnValues`) shapes the plan only by its structure: which fields each object names,
 * how long each list is, which values are null. Its scalar values become parameter slots bound
 * per request, so that one cached plan serves every batch of that shape.
 */

/**
 * The variable's value with every non-null scalar field of a marked input replaced by a slot
 * naming its place (`$rows[3].ts`); enums and unmarked inputs (`on_conflict`, `where`) stay
 * values, as the plan reads them.
 */
export function slotColumnValues(value: unknown, type: GraphQLInputType, name: string): unknown {
  return slotted(value, type, name, [])
}

function slotted(value: unknown, type: GraphQLInputType, name: string, path: (string | number)[]): unknown {
  if (value === null || value === undefined) return value
  if (Array.isArray(value)) return value.map((item, i) => slotted(item, type, name, [...path, i]))
  const named = getNamedType(type)
  if (!(named instanceof GraphQLInputObjectType) || !carriesColumnValues(named)) return value
  const fields = named.getFields()
  const result: Record<string, unknown> = {}
  for (const [key, fieldValue] of Object.entries(value as Record<string, unknown>)) {
    const field = fields[key]
    if (!field) result[key] = fieldValue
    else if (getNamedType(field.type) instanceof GraphQLScalarType)
      result[key] = fieldValue === null || fieldValue === undefined ? fieldValue : new VariableSlot(name, [...path, key])
    else result[key] = slotted(fieldValue, field.type, name, [...path, key])
  }
  return result
}

/**
 * The structure `slotColumnValues` keeps, as a cache key: field names, `$` for a slot, null, the
 * JSON of values kept as they are; runs of equal list items written once with their count, so
 * that 1,000 rows of one shape make a short key. Computed on every request of a cached plan.
 */
export function columnValuesShape(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'n'
  if (Array.isArray(value)) {
    let out = '['
    let previous = ''
    let run = 0
    for (const item of value) {
      const shape = columnValuesShape(item, type)
      if (shape === previous) run++
      else {
        if (run > 0) out += `${run}*${previous},`
        previous = shape
        run = 1
      }
    }
    if (run > 0) out += `${run}*${previous}`
    return `${out}]`
  }
  const named = getNamedType(type)
  if (!(named instanceof GraphQLInputObjectType) || !carriesColumnValues(named)) return JSON.stringify(value)
  const fields = named.getFields()
  let out = '{'
  for (const key in value as Record<string, unknown>) {
    const fieldValue = (value as Record<string, unknown>)[key]
    const field = fields[key]
    if (!field) out += `${key}:${JSON.stringify(fieldValue)},`
    else if (getNamedType(field.type) instanceof GraphQLScalarType)
      out += `${key}:${fieldValue === null || fieldValue === undefined ? 'n' : '$'},`
    else out += `${key}:${columnValuesShape(fieldValue, field.type)},`
  }
  return `${out}}`
}
