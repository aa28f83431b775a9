import type { ParamValue } from './ir.ts'

/**
 * A non-null scalar variable left as a parameter slot, so that the plan serves every value of it;
 * with a `path`, a column value inside a variable of column values (variable-shape.ts).
 */
export class VariableSlot {
  constructor(
    readonly name: string,
    readonly path: readonly (string | number)[] = [],
  ) {}
}

/** A value the planner read: a slot binds per request, anything else is a literal of this plan. */
export function paramOf(value: unknown): ParamValue {
  if (!(value instanceof VariableSlot)) return { kind: 'literal', value }
  return value.path.length === 0 ? { kind: 'variable', name: value.name } : { kind: 'variable', name: value.name, path: value.path }
}
