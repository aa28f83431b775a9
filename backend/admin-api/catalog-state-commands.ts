import { sql } from '../lib/sql.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import type { MetadataCommand } from './metadata-commands.ts'

/**
 * `get_catalog_state` / `set_catalog_state`: the free-form state the Hasura CLI (`cli_state`,
 * where config v3 projects keep which migrations ran) and console (`console_state`) store in
 * `hdb_catalog.hdb_version`, answered as Hasura's `CatalogState` (`id` is the instance UUID).
 * Neither touches the metadata or its resource_version.
 */
export const getCatalogState: MetadataCommand = async (_state, context) => {
  const { rows } = await context.db.query<{ id: string; cli_state: unknown; console_state: unknown }>(
    sql`select hasura_uuid::text as id, cli_state, console_state from hdb_catalog.hdb_version`,
  )
  return { response: rows[0] ?? { id: '', cli_state: {}, console_state: {} } }
}

export function setCatalogState(args: JsonNode): MetadataCommand {
  args.object()
  const type = args.required('type', (n) => n.string())
  if (type !== 'cli' && type !== 'console') args.key('type').fail('expected "cli" or "console"')
  const state = JSON.stringify(args.required('state', (n) => n.value))
  return async (_state, context) => {
    await context.db.query(
      type === 'cli'
        ? sql`update hdb_catalog.hdb_version set cli_state = ${state}::jsonb`
        : sql`update hdb_catalog.hdb_version set console_state = ${state}::jsonb`,
    )
    return { response: { message: 'success' } }
  }
}
