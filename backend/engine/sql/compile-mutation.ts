import { compile } from '../../lib/sql.ts'
import type { InsertPlan, MutationPlan, Returning } from '../plan/mutation-ir.ts'
import { compileDelete } from './compile-delete.ts'
import { compileInsert } from './compile-insert.ts'
import { compileUpdate } from './compile-update.ts'

/** One statement of a mutation root field; its Postgres errors are reported at `errorPath`. */
export interface MutationStatement {
  text: string
  values: unknown[]
  errorPath: string
}

/**
 * A mutation root field ready to run: statements compiled once and cached with the operation
 * (`update_T_many` has one per entry, answered as a list), or an insert run step by step (nested
 * inserts, whose statements depend on the keys of the rows inserted before them, and inserts too
 * large for one statement), compiled while it runs.
 */
export type CompiledMutation =
  | { kind: 'statements'; statements: MutationStatement[]; many: boolean }
  | { kind: 'stepwise_insert'; insert: InsertPlan; returning: Returning }

/**
 * Postgres takes at most 65,535 parameters per statement: an insert with more values than this
 * (10,000 rows of 7 columns) runs in chunks within the transaction instead of failing.
 */
export const MAX_STATEMENT_VALUES = 30_000

export function compileMutation(plan: MutationPlan): CompiledMutation {
  switch (plan.kind) {
    case 'insert': {
      const nested = plan.insert.rows.some((row) => row.before.length > 0 || row.after.length > 0)
      const values = plan.insert.rows.reduce((sum, row) => sum + row.values.length + plan.insert.presets.length, 0)
      if (nested || values > MAX_STATEMENT_VALUES) return { kind: 'stepwise_insert', insert: plan.insert, returning: plan.returning }
      return {
        kind: 'statements',
        many: false,
        statements: [{ ...compile(compileInsert(plan.insert, plan.returning)), errorPath: plan.insert.path }],
      }
    }
    case 'update':
      return {
        kind: 'statements',
        many: plan.many,
        statements: plan.updates.map((update) => ({ ...compile(compileUpdate(update, plan.returning)), errorPath: update.path })),
      }
    case 'delete':
      return {
        kind: 'statements',
        many: false,
        statements: [{ ...compile(compileDelete(plan.delete, plan.returning)), errorPath: plan.delete.path }],
      }
  }
}
