import type { Database } from '../../db/database.ts'
import { ident, literal, sql } from '../../lib/sql.ts'
import { tableKey } from './live-query-plan.ts'

/** The channel every tracked table's trigger notifies, with `["schema", "table"]` as payload. */
export const CHANGE_CHANNEL = 'pulseboard_table_changes'
const TRIGGER = 'pulseboard_live_query_notify'
const FUNCTION = ident('hdb_catalog', 'pulseboard_notify_table_change')

/**
 * Makes every tracked table tell live queries when it changed: one statement-level trigger per
 * table that runs `pg_notify` once per statement, not per row, so a bulk insert of 5,000 points
 * costs one notification; Postgres also folds identical notifications of one transaction into
 * one and delivers them at commit. Idempotent: existing triggers are kept, triggers on tables
 * that are no longer tracked are dropped. Views cannot carry such triggers; live queries over
 * them are polled. Returns the tables that now notify.
 */
export async function installChangeTriggers(
  db: Database,
  tables: readonly { schema: string; name: string }[],
): Promise<Set<string>> {
  return db.transaction(async (tx) => {
    // Give way rather than deadlock: DDL in flight (run_sql dropping the very tables whose
    // triggers this changes) would otherwise make Postgres abort one of the two after 1 s, and it
    // may pick the user's statement. Failing here only means polling until the next change.
    await tx.query(sql`SET LOCAL lock_timeout = '500ms'`)
    await tx.query(sql`CREATE SCHEMA IF NOT EXISTS hdb_catalog`)
    await tx.query(sql`CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  PERFORM pg_notify(${literal(CHANGE_CHANNEL)}, json_build_array(TG_TABLE_SCHEMA, TG_TABLE_NAME)::text);
  RETURN NULL;
END
$body$`)
    const wanted = new Map(tables.map((t) => [tableKey(t.schema, t.name), t]))
    const { rows } = await tx.query<{ schema: string; name: string; kind: string; has_trigger: boolean }>(sql`
SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
       EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ${TRIGGER}) AS has_trigger
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')`)
    const covered = new Set<string>()
    for (const row of rows) {
      const key = tableKey(row.schema, row.name)
      const table = ident(row.schema, row.name)
      const notifies = wanted.has(key) && (row.kind === 'r' || row.kind === 'p')
      if (notifies && !row.has_trigger) {
        await tx.query(sql`CREATE TRIGGER ${ident(TRIGGER)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
FOR EACH STATEMENT EXECUTE FUNCTION ${FUNCTION}()`)
      } else if (!notifies && row.has_trigger) {
        await tx.query(sql`DROP TRIGGER IF EXISTS ${ident(TRIGGER)} ON ${table}`)
      }
      if (notifies) covered.add(key)
    }
    return covered
  })
}
