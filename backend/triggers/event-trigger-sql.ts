import type { Queryable } from '../db/database.ts'
import { ident, join, literal, raw, sql, type SqlFragment } from '../lib/sql.ts'
import type { ColumnList, EventTrigger, QualifiedTable } from '../metadata/model/types.ts'

export type TriggerOp = 'INSERT' | 'UPDATE' | 'DELETE'
export const TRIGGER_OPS: readonly TriggerOp[] = ['INSERT', 'UPDATE', 'DELETE']

/**
 * Hasura's names (`mkTriggerFunctionQ` in hasura/graphql-engine): function
 * `hdb_catalog."notify_hasura_<trigger>_<OP>"` and a row trigger of the same name on the table,
 * so that schema dumps and tools that look for them find them.
 */
export function triggerSqlName(trigger: string, op: TriggerOp): string {
  return `notify_hasura_${trigger}_${op}`
}

interface OpSpec {
  columns: ColumnList
  payload?: ColumnList
}

/** How event payloads write values: with `stringifyNumericTypes`, these types as JSON strings. */
export interface EventPayloadOptions {
  stringifyNumericTypes?: boolean
}

/** The types Hasura stringifies under `HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES` (`isBigNum`), in events as in responses. */
const BIG_NUMBER_TYPES = new Set(['int8', 'numeric', 'float8', 'money'])

interface TableColumn {
  name: string
  type: string
}

/**
 * The row as JSON: `row_to_json` of the whole row, `json_build_object` of the payload columns.
 * When some sent column is a big number to stringify, Hasura's form instead (`mkTriggerFunctionQ`):
 * the row of a sub-select that casts those columns to text, keeping the column order.
 */
function rowJson(row: 'OLD' | 'NEW', columns: ColumnList | undefined, stringified: TableColumn[] | undefined): SqlFragment {
  const sent = stringified && (columns === undefined || columns === '*' ? stringified : stringified.filter((c) => columns.includes(c.name)))
  if (stringified && sent!.some((c) => BIG_NUMBER_TYPES.has(c.type))) {
    const ordered = columns === undefined || columns === '*' ? sent! : columns.map((name) => sent!.find((c) => c.name === name)!)
    const values = ordered.map((c) =>
      BIG_NUMBER_TYPES.has(c.type)
        ? sql`(${raw(row)}.${ident(c.name)})::text AS ${ident(c.name)}`
        : sql`${raw(row)}.${ident(c.name)} AS ${ident(c.name)}`,
    )
    return sql`row_to_json((SELECT e FROM (SELECT ${join(values)}) AS e))`
  }
  if (columns === undefined || columns === '*') return sql`row_to_json(${raw(row)})`
  return sql`json_build_object(${join(columns.map((c) => sql`${literal(c)}, ${raw(row)}.${ident(c)}`))})`
}

/**
 * The listened columns as one jsonb value: an UPDATE is an event only when it changed one of
 * them. jsonb, unlike a record comparison, works for every column type (json has no `=`).
 */
function listened(row: 'OLD' | 'NEW', columns: ColumnList): SqlFragment {
  if (columns === '*') return sql`to_jsonb(${raw(row)})`
  return sql`jsonb_build_object(${join(columns.map((c) => sql`${literal(c)}, ${raw(row)}.${ident(c)}`))})`
}

const BODY_TAG = '$pulseboard_event_trigger$'

/** CREATE OR REPLACE of the function and the row trigger for one operation of one event trigger. */
function installStatements(table: QualifiedTable, name: string, op: TriggerOp, spec: OpSpec, stringified?: TableColumn[]): SqlFragment[] {
  const fn = ident('hdb_catalog', triggerSqlName(name, op))
  const oldData = op === 'INSERT' ? sql`NULL` : rowJson('OLD', spec.payload, stringified)
  const newData = op === 'DELETE' ? sql`NULL` : rowJson('NEW', spec.payload, stringified)
  const changed = op === 'UPDATE' ? sql`${listened('OLD', spec.columns)} IS DISTINCT FROM ${listened('NEW', spec.columns)}` : sql`true`
  const body = sql`
BEGIN
  IF ${changed} THEN
    PERFORM hdb_catalog.insert_event_log(${literal(table.schema)}, ${literal(table.name)}, ${literal(name)}, TG_OP,
      json_build_object('old', ${oldData}, 'new', ${newData}));
  END IF;
  RETURN NULL;
END
`
  return [
    sql`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS ${raw(BODY_TAG)}${body}${raw(BODY_TAG)}`,
    sql`DROP TRIGGER IF EXISTS ${ident(triggerSqlName(name, op))} ON ${ident(table.schema, table.name)}`,
    sql`CREATE TRIGGER ${ident(triggerSqlName(name, op))} AFTER ${raw(op)} ON ${ident(table.schema, table.name)}
FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
  ]
}

/** Dropping the function drops its trigger too (CASCADE), even when the table is already gone. */
function dropStatement(name: string, op: TriggerOp): SqlFragment {
  return sql`DROP FUNCTION IF EXISTS ${ident('hdb_catalog', triggerSqlName(name, op))}() CASCADE`
}

export interface TableTrigger {
  table: QualifiedTable
  trigger: EventTrigger
}

/** Creates (or re-creates) the Postgres triggers of one event trigger; operations it no longer has are dropped. */
export async function installEventTrigger(
  q: Queryable,
  { table, trigger }: TableTrigger,
  options: EventPayloadOptions = {},
): Promise<void> {
  // A trigger on a table that does not exist is an inconsistent object, reported by the metadata's checks.
  const { rows } = await q.query<{
    exists: boolean
  }>(sql`SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ${table.schema} AND c.relname = ${table.name} AND c.relkind IN ('r', 'p')) AS exists`)
  if (!rows[0]!.exists) return
  // The columns in order with their types, needed only to stringify big numbers.
  const stringified = options.stringifyNumericTypes
    ? (
        await q.query<TableColumn>(sql`
SELECT a.attname AS name, t.typname AS type FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_type t ON t.oid = a.atttypid
WHERE n.nspname = ${table.schema} AND c.relname = ${table.name} AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`)
      ).rows
    : undefined
  for (const op of TRIGGER_OPS) {
    const spec = trigger.definition[op.toLowerCase() as 'insert' | 'update' | 'delete'] as OpSpec | undefined
    if (!spec) {
      await q.query(dropStatement(trigger.name, op))
      continue
    }
    for (const statement of installStatements(table, trigger.name, op, spec, stringified)) await q.query(statement)
  }
}

/** Drops an event trigger's Postgres triggers and archives its pending events, as Hasura's `delete_event_trigger` does. */
export async function removeEventTrigger(q: Queryable, name: string): Promise<void> {
  for (const op of TRIGGER_OPS) await q.query(dropStatement(name, op))
  await q.query(sql`UPDATE hdb_catalog.event_log SET archived = true WHERE trigger_name = ${name} AND NOT delivered AND NOT error`)
}

/** The names of event triggers that have a trigger function in the database. */
export async function installedEventTriggers(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>(sql`
SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'hdb_catalog' AND p.proname LIKE 'notify\_hasura\_%'`)
  return new Set(rows.map((r) => r.name.replace(/^notify_hasura_/, '').replace(/_(INSERT|UPDATE|DELETE)$/, '')))
}
