import type { FunctionMetadata, TableMetadata } from '../../backend/metadata/model/types.ts'

/**
 * Metadata API bodies that tests send to set up what the GraphQL engine serves: the project's one
 * `default` source, reading its URL from DATABASE_URL as Nhost's metadata does.
 */

/** Functions tracked beside the tables. */
export interface SourceExtras {
  functions?: FunctionMetadata[]
}

export function defaultSource(tables: TableMetadata[], extras: SourceExtras = {}) {
  return {
    name: 'default',
    kind: 'postgres',
    configuration: { connection_info: { database_url: { from_env: 'DATABASE_URL' } } },
    tables,
    ...extras,
  }
}

/** `replace_metadata` with these tables (relationships, permissions, event triggers) and functions. */
export function replaceMetadata(tables: TableMetadata[], extras: SourceExtras = {}) {
  return { type: 'replace_metadata', args: { version: 3, sources: [defaultSource(tables, extras)] } }
}

/** `replace_metadata` tracking these tables of the public schema, with no permissions. */
export function trackTables(...names: string[]) {
  return replaceMetadata(names.map((name) => ({ table: { schema: 'public', name } })))
}
