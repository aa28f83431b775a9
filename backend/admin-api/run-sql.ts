import { isPostgresError, type Queryable } from '../db/database.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { AdminApiError } from './admin-api-error.ts'
import { assertEventTriggerColumns } from './event-trigger-dependencies.ts'
import { DEFAULT_SOURCE } from '../metadata/store/find-inconsistencies.ts'
import { DependentObjectsError, followCatalogChanges, snapshotTrackedObjects } from '../metadata/store/follow-catalog-changes.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import { notifyMetadataChange } from '../metadata/store/metadata-notifications.ts'
import { saveMetadata, withMetadataLock } from './save-metadata.ts'

/** `run_sql` arguments with Hasura's defaults (`Hasura/Backends/Postgres/DDL/RunSQL.hs`). */
export interface RunSqlArgs {
  source: string
  sql: string
  cascade: boolean
  check_metadata_consistency?: boolean
  read_only: boolean
}

export type RunSqlResult = { result_type: 'TuplesOk'; result: (string | null)[][] } | { result_type: 'CommandOk'; result: null }

export function readRunSqlArgs(node: JsonNode): RunSqlArgs {
  node.object()
  const args: RunSqlArgs = {
    source: node.optional('source', (n) => n.string()) ?? DEFAULT_SOURCE,
    sql: node.required('sql', (n) => n.string()),
    cascade: node.optional('cascade', (n) => n.boolean()) ?? false,
    read_only: node.optional('read_only', (n) => n.boolean()) ?? false,
  }
  const check = node.optional('check_metadata_consistency', (n) => n.boolean())
  if (check !== undefined) args.check_metadata_consistency = check
  return args
}

/**
 * Hasura's heuristic for "this SQL may change tracked objects" (`isSchemaCacheBuildRequiredRunSQL`):
 * only then are tracked tables diffed before and after, unless `check_metadata_consistency` says.
 */
const METADATA_DDL = /\balter\b|\bdrop\b|\breplace\b|\bcreate function\b|\bcomment on\b/i

/** Wider than Hasura's: new tables and functions also change what the engine can serve. */
const CATALOG_DDL = /\b(create|alter|drop|replace|comment|rename|grant|revoke)\b/i

type Context = Pick<BackendContext, 'db' | 'metadata'>

/** Runs the SQL as one transaction (several statements, DO blocks and `$$` bodies allowed). */
export async function runSql(context: Context, args: RunSqlArgs): Promise<RunSqlResult> {
  if (args.source !== DEFAULT_SOURCE) {
    throw new AdminApiError(400, 'not-exists', `source with name "${args.source}" does not exist`)
  }
  const checkMetadata = !args.read_only && (args.check_metadata_consistency ?? METADATA_DDL.test(args.sql))
  const changesCatalog = !args.read_only && CATALOG_DDL.test(args.sql)
  if (!checkMetadata) {
    const result = await context.db.transaction(async (tx) => {
      const result = await execute(tx, args)
      if (changesCatalog) await notifyMetadataChange(tx, context, { kind: 'catalog' })
      return result
    })
    if (changesCatalog) context.metadata.catalogChanged()
    return result
  }
  return withMetadataLock(context, async () => {
    const metadata = context.metadata.current
    const { result, next, version } = await context.db.transaction(async (tx) => {
      const before = await snapshotTrackedObjects(tx, metadata)
      const result = await execute(tx, args)
      await assertEventTriggerColumns(tx, metadata)
      await notifyMetadataChange(tx, context, { kind: 'catalog' })
      const next = await followCatalogChanges(tx, metadata, before, args.cascade).catch((error: unknown) => {
        throw error instanceof DependentObjectsError ? new AdminApiError(400, 'dependency-error', error.message) : error
      })
      const version = next && (await saveMetadata(context, next, context.metadata.resourceVersion, tx))
      return { result, next, version }
    })
    if (next && version !== undefined) context.metadata.replace(next, version)
    context.metadata.catalogChanged()
    return result
  })
}

async function execute(tx: Queryable, args: RunSqlArgs): Promise<RunSqlResult> {
  if (args.read_only) await tx.query('set transaction read only')
  let results
  try {
    results = await tx.script(args.sql)
  } catch (error) {
    if (isPostgresError(error)) throw postgresError(error, args.sql)
    throw error
  }
  const last = results.at(-1)
  if (!last || last.fields.length === 0) return { result_type: 'CommandOk', result: null }
  return { result_type: 'TuplesOk', result: [last.fields.map((f) => f.name), ...last.rows] }
}

/** Hasura's answer to failing SQL: 400 `postgres-error`, the statement and Postgres' fields in `internal`. */
function postgresError(error: Error & { code?: string; hint?: string; detail?: string }, statement: string): AdminApiError {
  return new AdminApiError(400, 'postgres-error', 'query execution failed', '$', {
    arguments: [],
    error: {
      description: error.detail ?? null,
      exec_status: 'FatalError',
      hint: error.hint ?? null,
      message: error.message,
      status_code: error.code,
    },
    prepared: false,
    statement,
  })
}
