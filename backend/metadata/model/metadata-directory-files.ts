import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { stringify } from 'yaml'

type Json = Record<string, unknown>

/** Top-level files the Hasura CLI always writes, with their key and empty value. */
const TOP_LEVEL_FILES: [file: string, key: string, empty: unknown][] = [
  ['allow_list.yaml', 'allowlist', []],
  ['api_limits.yaml', 'api_limits', {}],
  ['backend_configs.yaml', 'backend_configs', {}],
  ['cron_triggers.yaml', 'cron_triggers', []],
  ['graphql_schema_introspection.yaml', 'graphql_schema_introspection', { disabled_for_roles: [] }],
  ['inherited_roles.yaml', 'inherited_roles', []],
  ['metrics_config.yaml', 'metrics_config', {}],
  ['network.yaml', 'network', {}],
  ['opentelemetry.yaml', 'opentelemetry', {}],
  ['query_collections.yaml', 'query_collections', []],
  ['remote_schemas.yaml', 'remote_schemas', []],
  ['rest_endpoints.yaml', 'rest_endpoints', []],
]

const yaml = (value: unknown) => stringify(value, { lineWidth: 0 })

/** `public_users.yaml`: the CLI's file name for a table or function. */
const fileName = (name: { schema?: unknown; name?: unknown }) => `${String(name.schema ?? 'public')}_${String(name.name)}.yaml`

/**
 * The metadata directory (CLI config v3) for exported metadata JSON, as `hasura metadata export`
 * lays it out: one file per table and function, included from `tables.yaml` and
 * `functions.yaml`, which `databases.yaml` includes. Action definitions stay whole in
 * `actions.yaml` (with an empty `actions.graphql`), which `loadMetadataDirectory` reads back the same.
 * Returns relative path → file text.
 */
export function metadataDirectoryFiles(exported: Json): Map<string, string> {
  const files = new Map<string, string>()
  files.set('version.yaml', yaml({ version: 3 }))
  const sources = (exported.sources as Json[] | undefined) ?? []
  files.set(
    'databases/databases.yaml',
    yaml(
      sources.map((source) => {
        const name = String(source.name)
        // The CLI writes a source's includes after its configuration.
        const entry: Json = Object.fromEntries(Object.entries(source).filter(([key]) => key !== 'tables' && key !== 'functions'))
        const tables = (source.tables as Json[] | undefined) ?? []
        files.set(`databases/${name}/tables/tables.yaml`, yaml(tables.map((t) => `!include ${fileName(t.table as Json)}`)))
        for (const table of tables) files.set(`databases/${name}/tables/${fileName(table.table as Json)}`, yaml(table))
        entry.tables = `!include ${name}/tables/tables.yaml`
        const functions = source.functions as Json[] | undefined
        if (functions) {
          files.set(`databases/${name}/functions/functions.yaml`, yaml(functions.map((f) => `!include ${fileName(f.function as Json)}`)))
          for (const fn of functions) files.set(`databases/${name}/functions/${fileName(fn.function as Json)}`, yaml(fn))
          entry.functions = `!include ${name}/functions/functions.yaml`
        }
        return entry
      }),
    ),
  )
  files.set(
    'actions.yaml',
    yaml({
      actions: exported.actions ?? [],
      custom_types: exported.custom_types ?? { enums: [], input_objects: [], objects: [], scalars: [] },
    }),
  )
  files.set('actions.graphql', '')
  for (const [file, key, empty] of TOP_LEVEL_FILES) files.set(file, yaml(exported[key] ?? empty))
  return files
}

/**
 * Replaces the directory's content with `files`, as the Hasura CLI's export does, so that files
 * of tables no longer tracked disappear too.
 */
export async function writeMetadataDirectory(dir: string, files: Map<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  for (const [path, text] of files) {
    const target = join(dir, path)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, text)
  }
}
