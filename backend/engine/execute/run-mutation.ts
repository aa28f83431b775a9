import type { BoundStatement, LimitedDatabase, Queryable } from '../../db/database.ts'
import { compile, type SqlFragment } from '../../lib/sql.ts'
import { EngineError } from '../engine-error.ts'
import type { TraceContext } from '../../lib/trace-context.ts'
import type { ColumnValue, InsertPlan, InsertRow } from '../plan/mutation-ir.ts'
import type { TableInfo } from '../schema/source-model.ts'
import { bindValues, type BindContext } from '../sql/bound-param.ts'
import { hasuraUserStatement } from '../sql/compile-hasura-user.ts'
import { compileInsertedRowsOutput, compileInsertStep } from '../sql/compile-insert.ts'
import { MAX_STATEMENT_VALUES, type CompiledMutation, type MutationStatement } from '../sql/compile-mutation.ts'
import { engineErrorFromDatabase } from './database-error.ts'

/** A mutation field of one statement with its values bound, ready for `runPreparedMutation`. */
export interface PreparedMutation {
  statement: MutationStatement
  /** `set_config('hasura.user', …)` with the trace context, then the statement. */
  statements: [BoundStatement, BoundStatement]
  many: boolean
}

/**
 * A mutation field that is one compiled statement: it runs in one round trip, `hasura.user` set
 * and the statement executed in one implicit transaction, both prepared once per connection
 * (LimitedDatabase.runStatements). A failure anywhere, a permission check's included
 * (permission-check.ts), rolls it all back. Null when the field takes several statements (the
 * caller runs it in a transaction of its own).
 */
export function prepareMutation(mutation: CompiledMutation, bind: BindContext, trace: TraceContext): PreparedMutation | null {
  if (mutation.kind !== 'statements' || mutation.statements.length !== 1) return null
  const [statement] = mutation.statements as [MutationStatement]
  const statements: PreparedMutation['statements'] = [
    hasuraUserStatement(bind.sessionVariables, trace),
    { text: statement.text, values: bindValues(statement.values, bind) },
  ]
  return { statement, statements, many: mutation.many }
}

export async function runPreparedMutation(db: LimitedDatabase, mutation: PreparedMutation): Promise<string> {
  let rows
  try {
    rows = await db.runStatements(mutation.statements)
  } catch (error) {
    throw mutationError(error, mutation.statement)
  }
  const root = rows[0]?.[0] ?? 'null'
  return mutation.many ? `[${root}]` : root
}

/**
 * Several prepared mutations (each with its own `hasura.user`) in one transaction and one round
 * trip; answers the last one's root. The database does not say which statement failed: a
 * failure is reported at the first mutation's path.
 */
export async function runPreparedMutations(db: LimitedDatabase, mutations: readonly PreparedMutation[]): Promise<string> {
  const [first] = mutations
  const last = mutations[mutations.length - 1]
  if (!first || !last) throw new Error('runPreparedMutations: no mutations')
  let rows
  try {
    rows = await db.runStatements(mutations.flatMap((mutation) => mutation.statements))
  } catch (error) {
    throw mutationError(error, first.statement)
  }
  const root = rows[0]?.[0] ?? 'null'
  return last.many ? `[${root}]` : root
}

/**
 * Runs one mutation root field inside the request's transaction (the caller's `tx`): any error
 * thrown here rolls back every root field of the request.
 */
export async function runMutation(tx: Queryable, mutation: CompiledMutation, bind: BindContext): Promise<string> {
  if (mutation.kind === 'stepwise_insert') return runNestedInsert(tx, mutation.insert, mutation.returning, bind)
  const roots: string[] = []
  for (const statement of mutation.statements) {
    const [row] = await runStatement<{ root: string | null }>(tx, statement, bind)
    roots.push(row?.root ?? 'null')
  }
  return mutation.many ? `[${roots.join(',')}]` : (roots[0] ?? 'null')
}

async function runStatement<Row>(tx: Queryable, statement: MutationStatement, bind: BindContext): Promise<Row[]> {
  try {
    return (await tx.query<Row>(statement.text, bindValues(statement.values, bind))).rows
  } catch (error) {
    throw mutationError(error, statement)
  }
}

/** A statement's failure as the engine reports it, at the path of the mutation field that sent it. */
function mutationError(error: unknown, statement: MutationStatement): unknown {
  const engineError = engineErrorFromDatabase(error)
  return engineError === error ? error : new EngineError(engineError.code, engineError.message, statement.errorPath, engineError.internal)
}

/**
 * Nested inserts, as Hasura runs them: row by row, each object relationship's row before the row
 * that references it and each array relationship's rows after, with the keys filled in. Also
 * inserts too large for one statement, in chunks. The response is then built in one statement
 * over the top-level rows, so that `returning` sees every row this request inserted.
 */
async function runNestedInsert(
  tx: Queryable,
  insert: InsertPlan,
  returning: Parameters<typeof compileInsertedRowsOutput>[3],
  bind: BindContext,
): Promise<string> {
  const counter = { rows: 0 }
  const inserted = await insertRows(tx, insert, [], bind, counter)
  const statement = {
    ...compile(compileInsertedRowsOutput(insert.table, `[${inserted.map((r) => r.json).join(',')}]`, counter.rows, returning)),
    errorPath: insert.path,
  }
  const [row] = await runStatement<{ root: string | null }>(tx, statement, bind)
  return row?.root ?? 'null'
}

interface InsertedRow {
  json: string
  /** Column values as Postgres prints them, to fill the columns of the rows that refer to this one. */
  values: Record<string, string | null>
}

async function insertRows(
  tx: Queryable,
  plan: InsertPlan,
  determined: ColumnValue[],
  bind: BindContext,
  counter: { rows: number },
): Promise<InsertedRow[]> {
  const result: InsertedRow[] = []
  // Rows without nested inserts go in multi-row statements of at most MAX_STATEMENT_VALUES values.
  let chunk: InsertRow[] = []
  let chunkValues = 0
  const flush = async () => {
    if (chunk.length === 0) return
    const inserted = await runStep(tx, compileInsertStep(plan, chunk), plan.path, bind)
    counter.rows += inserted.length
    result.push(...inserted)
    chunk = []
    chunkValues = 0
  }
  for (const row of plan.rows) {
    const values = [...row.values, ...determined]
    if (row.before.length === 0 && row.after.length === 0) {
      const size = values.length + plan.presets.length
      if (chunkValues + size > MAX_STATEMENT_VALUES) await flush()
      chunk.push({ values, before: [], after: [] })
      chunkValues += size
      continue
    }
    await flush()
    for (const nested of row.before) {
      const [parent] = await insertRows(tx, nested.insert, [], bind, counter)
      // An upsert that did nothing leaves no key to refer to: Hasura refuses, with this message.
      if (!parent) {
        throw new EngineError(
          'not-supported',
          `cannot proceed to insert object relation ${JSON.stringify(nested.relationship.name)} since insert to table ${JSON.stringify(nested.insert.table.name)} affects zero rows`,
          nested.insert.path,
        )
      }
      values.push(...fromRow(plan.table, nested.mapping, parent))
    }
    const [inserted] = await runStep(tx, compileInsertStep(plan, [{ values, before: [], after: [] }]), plan.path, bind)
    if (!inserted) continue
    counter.rows += 1
    result.push(inserted)
    for (const nested of row.after) {
      await insertRows(tx, nested.insert, fromRow(nested.insert.table, nested.mapping, inserted), bind, counter)
    }
  }
  await flush()
  return result
}

async function runStep(tx: Queryable, step: SqlFragment, errorPath: string, bind: BindContext): Promise<InsertedRow[]> {
  const rows = await runStatement<{ row: string; values: string }>(tx, { ...compile(step), errorPath }, bind)
  return rows.map((row) => ({ json: row.row, values: JSON.parse(row.values) as Record<string, string | null> }))
}

/** `mapping` pairs [column of `source`, column of `table`]: the values `table`'s row takes from it. */
function fromRow(table: TableInfo, mapping: [string, string][], source: InsertedRow): ColumnValue[] {
  return mapping.flatMap(([from, to]) => {
    const column = table.columnByName.get(to)
    if (!column) return []
    return [
      {
        column,
        value: { param: { kind: 'literal', value: source.values[from] ?? null }, sqlType: column.catalog.sqlType, encoding: 'text' },
      },
    ]
  })
}
