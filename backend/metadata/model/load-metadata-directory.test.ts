import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportMetadata } from './export-metadata.ts'
import { loadMetadataDirectory } from './load-metadata-directory.ts'
import { metadataDirectoryFiles, writeMetadataDirectory } from './metadata-directory-files.ts'
import { parseMetadata } from './parse-metadata.ts'

const fixture = (name: string) => join(import.meta.dirname, '__fixtures__', name, 'nhost', 'metadata')

/**
 * What Hasura's export_metadata answers after `hasura metadata apply` of the `good` fixture: tables
 * and relationships sorted, table configuration in aeson's key order, defaults dropped.
 */
const expectedExport = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      tables: [
        {
          table: { name: 'users', schema: 'auth' },
          configuration: {
            column_config: { display_name: { custom_name: 'displayName' } },
            custom_column_names: { display_name: 'displayName' },
            custom_name: 'users',
            custom_root_fields: { select: 'users', select_by_pk: 'user' },
          },
          select_permissions: [
            {
              role: 'user',
              permission: { columns: ['id', 'display_name'], filter: { id: { _eq: 'X-Hasura-User-Id' } } },
            },
          ],
        },
        {
          table: { name: 'metrics', schema: 'public' },
          object_relationships: [
            {
              name: 'owner',
              using: {
                manual_configuration: {
                  column_mapping: { workspace_id: 'id' },
                  insertion_order: null,
                  remote_table: { name: 'workspaces', schema: 'public' },
                },
              },
            },
            { name: 'workspace', using: { foreign_key_constraint_on: 'workspace_id' } },
          ],
          select_permissions: [
            {
              role: 'user',
              permission: { columns: ['id', 'key', 'workspace_id'], filter: { workspace: { created_by: { _eq: 'X-Hasura-User-Id' } } } },
            },
          ],
          event_triggers: [
            {
              name: 'metric_created',
              definition: { enable_manual: false, insert: { columns: '*' } },
              retry_conf: { interval_sec: 10, num_retries: 0, timeout_sec: 60 },
              webhook_from_env: 'NHOST_FUNCTIONS_URL',
            },
          ],
        },
        {
          table: { name: 'workspaces', schema: 'public' },
          array_relationships: [
            {
              name: 'metrics',
              using: { foreign_key_constraint_on: { column: 'workspace_id', table: { name: 'metrics', schema: 'public' } } },
            },
          ],
          insert_permissions: [
            {
              role: 'user',
              permission: { check: {}, set: { created_by: 'x-hasura-User-Id' }, columns: ['name', 'slug'] },
            },
          ],
          select_permissions: [
            {
              role: 'user',
              permission: { columns: '*', filter: {}, limit: 100, allow_aggregations: true },
              comment: 'members read their workspaces',
            },
          ],
          update_permissions: [
            {
              role: 'user',
              permission: { columns: ['name'], filter: { created_by: { _eq: 'X-Hasura-User-Id' } }, check: null },
            },
          ],
          delete_permissions: [
            {
              role: 'user',
              permission: { filter: { created_by: { _eq: 'X-Hasura-User-Id' } } },
            },
          ],
        },
      ],
      functions: [{ function: { name: 'metric_series', schema: 'public' }, permissions: [{ role: 'user' }] }],
      configuration: {
        connection_info: {
          database_url: { from_env: 'HASURA_GRAPHQL_DATABASE_URL' },
          isolation_level: 'read-committed',
          pool_settings: { connection_lifetime: 600, idle_timeout: 180, max_connections: 50, retries: 1 },
          use_prepared_statements: true,
        },
      },
      customization: { naming_convention: 'hasura-default' },
    },
  ],
  cron_triggers: [
    {
      name: 'evaluate-alerts',
      webhook: '{{NHOST_FUNCTIONS_URL}}/evaluate-alerts',
      schedule: '* * * * *',
      include_in_metadata: true,
      payload: {},
      retry_conf: { num_retries: 0, retry_interval_seconds: 10, timeout_seconds: 60, tolerance_seconds: 21600 },
    },
  ],
  graphql_schema_introspection: { disabled_for_roles: ['public'] },
}

describe('loadMetadataDirectory', () => {
  it('reads a config v3 directory with !include into the model that exports as Hasura does', () => {
    const { metadata, contentHash } = loadMetadataDirectory(fixture('good'))
    expect(exportMetadata(metadata)).toEqual(expectedExport)
    expect(contentHash).toMatch(/^[0-9a-f]{64}$/)
    expect(loadMetadataDirectory(fixture('good')).contentHash).toBe(contentHash)
  })

  it('round-trips: model → export JSON → model → the same export JSON', () => {
    const exported = exportMetadata(loadMetadataDirectory(fixture('good')).metadata)
    const reparsed = parseMetadata(JSON.parse(JSON.stringify(exported)))
    expect(exportMetadata(reparsed)).toEqual(exported)
    expect(parseMetadata(exported)).toEqual(reparsed)
  })

  it('round-trips: directory → export JSON → directory (as `hasura metadata export` lays it out) → the same export', async () => {
    for (const name of ['good', 'actions']) {
      const exported = exportMetadata(loadMetadataDirectory(fixture(name)).metadata)
      const dir = join(mkdtempSync(join(tmpdir(), 'pulseboard-export-')), 'nhost', 'metadata')
      await writeMetadataDirectory(dir, metadataDirectoryFiles(exported))
      expect(exportMetadata(loadMetadataDirectory(dir).metadata)).toEqual(exported)
    }
  })

  it('writes one file per table, included by path', async () => {
    const files = metadataDirectoryFiles(exportMetadata(loadMetadataDirectory(fixture('good')).metadata))
    expect(files.get('databases/default/tables/tables.yaml')).toBe(
      '- "!include auth_users.yaml"\n- "!include public_metrics.yaml"\n- "!include public_workspaces.yaml"\n',
    )
    expect(files.get('databases/databases.yaml')).toContain('tables: "!include default/tables/tables.yaml"')
    expect(files.get('version.yaml')).toBe('version: 3\n')
    expect(readFileSync(join(fixture('good'), 'databases', 'default', 'functions', 'functions.yaml'), 'utf8')).toBe(
      files.get('databases/default/functions/functions.yaml'),
    )
  })

  it('joins actions.yaml with the signatures in actions.graphql, as the Hasura CLI does', () => {
    const exported = exportMetadata(loadMetadataDirectory(fixture('actions')).metadata)
    expect(exported).toEqual({
      version: 3,
      sources: [],
      actions: [
        {
          name: 'login',
          definition: {
            kind: 'synchronous',
            handler: '{{ACTIONS_BASE_URL}}/login',
            forward_client_headers: true,
            type: 'mutation',
            arguments: [
              { name: 'credentials', type: 'Credentials!' },
              { name: 'plan', type: 'Plan' },
            ],
            output_type: 'LoginResult',
          },
          permissions: [{ role: 'public' }],
          comment: 'trade credentials for a token',
        },
      ],
      custom_types: {
        enums: [{ name: 'Plan', values: [{ value: 'FREE' }, { value: 'PRO', description: 'paid' }] }],
        input_objects: [
          {
            name: 'Credentials',
            fields: [
              { name: 'username', type: 'String!' },
              { name: 'password', type: 'String!' },
            ],
          },
        ],
        objects: [
          {
            name: 'LoginResult',
            description: 'what login answers',
            fields: [
              { name: 'token', type: 'Token!' },
              { name: 'expires', type: 'Int' },
            ],
          },
        ],
        scalars: [{ name: 'Token' }],
      },
    })
  })

  const broken: { name: string; error: string }[] = [
    { name: 'bad-actions', error: 'nhost/metadata/actions.graphql: Syntax Error: Expected Name, found ":". (line 2, column 9)' },
    {
      name: 'broken-columns',
      error:
        'nhost/metadata/databases/default/tables/public_metrics.yaml: select_permissions[0].permission.columns: expected a list of column names or "*"',
    },
    {
      name: 'include-escape',
      error: 'nhost/metadata/databases/default/tables/tables.yaml: !include ../../../../secret.yaml: refers outside the metadata directory',
    },
    { name: 'bad-yaml', error: 'nhost/metadata/databases/default/tables/public_points.yaml: invalid YAML' },
    {
      name: 'missing-include',
      error: 'nhost/metadata/databases/default/tables/tables.yaml: !include public_gone.yaml: file not found',
    },
    {
      name: 'bad-relationship',
      error:
        'nhost/metadata/databases/default/tables/public_points.yaml: array_relationships[0].using.foreign_key_constraint_on: expected {table, column} or {table, columns}',
    },
  ]
  for (const { name, error } of broken) {
    it(`names the file and key of the problem: ${name}`, () => {
      expect(() => loadMetadataDirectory(fixture(name))).toThrow(error)
    })
  }
})

describe('parseMetadata', () => {
  const cases: { name: string; json: unknown; error: string }[] = [
    { name: 'wrong version', json: { version: 2, sources: [] }, error: '$.version: expected 3' },
    { name: 'source without name', json: { version: 3, sources: [{ kind: 'postgres' }] }, error: '$.sources[0]: key "name" not found' },
    {
      name: 'table named by a number',
      json: { version: 3, sources: [{ name: 'default', kind: 'postgres', tables: [{ table: 7 }] }] },
      error: '$.sources[0].tables[0].table: expected a name or an object with "schema" and "name"',
    },
    {
      name: 'duplicate role',
      json: {
        version: 3,
        sources: [
          {
            name: 'default',
            kind: 'postgres',
            tables: [
              {
                table: 't',
                delete_permissions: [
                  { role: 'user', permission: {} },
                  { role: 'user', permission: {} },
                ],
              },
            ],
          },
        ],
      },
      error: '$.sources[0].tables[0].delete_permissions[1].role: duplicate permission for role "user"',
    },
  ]
  for (const { name, json, error } of cases) {
    it(`rejects ${name} with a JSON path`, () => {
      expect(() => parseMetadata(json)).toThrow(error)
    })
  }

  it('exports as Hasura does: sorted by name and role, custom_column_names kept in step with column_config', () => {
    const metadata = parseMetadata({
      version: 3,
      sources: [
        {
          name: 'default',
          kind: 'postgres',
          configuration: {},
          tables: [
            {
              table: 'b',
              configuration: { column_config: { id: { custom_name: 'key' } }, custom_root_fields: { select: null, delete: 'removeB' } },
            },
            {
              table: { schema: 'app', name: 'z' },
              select_permissions: [
                { role: 'viewer', permission: { columns: [] } },
                { role: 'editor', permission: { columns: [] } },
              ],
            },
            { table: 'a', configuration: { custom_root_fields: {} } },
          ],
        },
      ],
    })
    expect(exportMetadata(metadata).sources).toEqual([
      {
        name: 'default',
        kind: 'postgres',
        configuration: {},
        tables: [
          {
            table: { schema: 'app', name: 'z' },
            select_permissions: [
              { role: 'editor', permission: { columns: [], filter: {} } },
              { role: 'viewer', permission: { columns: [], filter: {} } },
            ],
          },
          { table: { schema: 'public', name: 'a' } },
          {
            table: { schema: 'public', name: 'b' },
            configuration: {
              column_config: { id: { custom_name: 'key' } },
              custom_column_names: { id: 'key' },
              custom_root_fields: { delete: 'removeB' },
            },
          },
        ],
      },
    ])
  })

  it('accepts a bare table name as the public schema', () => {
    const metadata = parseMetadata({
      version: 3,
      sources: [{ name: 'default', kind: 'postgres', tables: [{ table: 'author' }], configuration: {} }],
    })
    expect(metadata.sources[0]!.tables[0]!.table).toEqual({ schema: 'public', name: 'author' })
  })
})
