import type { Database } from '../../db/database.ts'
import { isPostgresError } from '../../db/database.ts'
import { ident, literal, sql, type SqlFragment } from '../../lib/sql.ts'
import { tableKey } from './live-query-plan.ts'

/** The channel every tracked table's trigger notifies, with `["schema", "table"]` as payload. */
export const CHANGE_CHANNEL = 'pulseboard_table_changes'
const TRIGGER = 'pulseboard_live_query_notify'
const FUNCTION = ident('hdb_catalog', 'pulseboard_notify_table_change')
/** Postgres' `lock_not_available`, raised when `lock_timeout` passes. */
const LOCK_NOT_AVAILABLE = '55P03'
/** Postgres' `duplicate_object`: the trigger exists already. */
const DUPLICATE_OBJECT = '42710'

export interface InstalledTriggers {
  /** The tables that now notify. */
  covered: Set<string>
  /** False when some table was locked by other work: call again later. */
  complete: boolean
}

/**
 * Makes every tracked table tell live queries when it changed: one statement-level trigger per
 * table that runs `pg_notify` once per statement, not per row, so a bulk insert of 5,000 points
 * costs one notification; Postgres also folds identical notifications of one transaction into
 * one and delivers them at commit. Idempotent: existing triggers are kept, triggers on tables
 * that are no longer tracked are dropped. Views cannot carry such triggers; live queries over
 * them are polled.
 *
 * Each table's trigger is changed in a transaction of its own that gives way after 500 ms:
 * holding one table's lock while waiting for the next would deadlock with DDL in flight (a
 * `run_sql` dropping those very tables), and Postgres might abort the user's statement.
 */
export async function installChangeTriggers(db: Database, tables: readonly { schema: string; name: string }[]): Promise<InstalledTriggers> {
  await db.transaction(async (tx) => {
    // Instances starting together would replace the function at once ("tuple concurrently
    // updated"): one at a time, each for a few milliseconds.
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${CHANGE_CHANNEL}))`)
    await tx.query(sql`SET LOCAL lock_timeout = '500ms'`)
    await tx.query(sql`CREATE SCHEMA IF NOT EXISTS hdb_catalog`)
    await tx.query(sql`CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  PERFORM pg_notify(${literal(CHANGE_CHANNEL)}, json_build_array(TG_TABLE_SCHEMA, TG_TABLE_NAME)::text);
  RETURN NULL;
END
$body$`)
  })
  const wanted = new Set(tables.map((t) => tableKey(t.schema, t.name)))
  const { rows } = await db.query<{ schema: string; name: string; kind: string; has_trigger: boolean }>(sql`
SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
       EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ${TRIGGER}) AS has_trigger
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')`)
  const covered = new Set<string>()
  let complete = true
  for (const row of rows) {
    const key = tableKey(row.schema, row.name)
    const table = ident(row.schema, row.name)
    const notifies = wanted.has(key) && (row.kind === 'r' || row.kind === 'p')
    let change: SqlFragment | undefined
    if (notifies && !row.has_trigger) {
      change = sql`CREATE TRIGGER ${ident(TRIGGER)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
FOR EACH STATEMENT EXECUTE FUNCTION ${FUNCTION}()`
    } else if (!notifies && row.has_trigger) {
      change = sql`DROP TRIGGER IF EXISTS ${ident(TRIGGER)} ON ${table}`
    }
    if (change && !(await changeTrigger(db, change))) {
      complete = false
      continue
    }
    if (notifies) covered.add(key)
  }
  return { covered, complete }
}

/**
 * False when the table was locked, or dropped meanwhile; other errors are thrown. A trigger that
 * another instance created meanwhile is as good as one made here.
 */
async function changeTrigger(db: Database, change: SqlFragment): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.query(sql`SET LOCAL lock_timeout = '500ms'`)
      await tx.query(change)
    })
    return true
  } catch (error) {
    // 42P01: the table was dropped between the catalog read and now.
    if (isPostgresError(error) && (error.code === LOCK_NOT_AVAILABLE || error.code === '42P01')) return false
    if (isPostgresError(error) && error.code === DUPLICATE_OBJECT) return true
    throw error
  }
}
