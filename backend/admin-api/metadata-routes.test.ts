import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAdminApiApp, runAdminScenario, type AdminScenario } from '../../tests/support/admin-api-app.ts'
import { testDatabaseKind } from '../../tests/support/test-database.ts'
import { exportMetadata } from '../metadata/model/export-metadata.ts'
import { readStoredMetadata } from '../metadata/store/metadata-storage.ts'

const source = (tables: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'default',
  kind: 'postgres',
  tables,
  configuration: {},
  ...extra,
})
const metadataWith = (tables: unknown[], extra: Record<string, unknown> = {}) => ({ version: 3, sources: [source(tables, extra)] })

const authorTable = {
  table: { schema: 'public', name: 'author' },
  array_relationships: [{ name: 'articles', using: { foreign_key_constraint_on: { table: 'article', column: 'author_id' } } }],
  select_permissions: [{ role: 'user', permission: { columns: ['id', 'name'], filter: {}, allow_aggregations: false } }],
}
const articleTable = {
  table: 'article',
  object_relationships: [{ name: 'author', using: { foreign_key_constraint_on: 'author_id' } }],
}

/** Exported form of the two tables above: sorted by name, names qualified, defaults left out. */
const exportedTables = [
  {
    table: { schema: 'public', name: 'article' },
    object_relationships: [{ name: 'author', using: { foreign_key_constraint_on: 'author_id' } }],
  },
  {
    table: { schema: 'public', name: 'author' },
    array_relationships: [
      { name: 'articles', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'article' }, column: 'author_id' } } },
    ],
    select_permissions: [{ role: 'user', permission: { columns: ['id', 'name'], filter: {} } }],
  },
]

const missingTable = {
  definition: { name: 'missing', schema: 'public' },
  name: 'table missing in source default',
  reason: 'Inconsistent object: no such table/view exists in source: "missing"',
  type: 'table',
}

/** Run in order against one database; each builds on the metadata the previous one left. */
const scenarios: AdminScenario[] = [
  {
    name: 'missing admin secret',
    url: '/v1/metadata',
    anonymous: true,
    body: { type: 'export_metadata', args: {} },
    status: 400,
    response: { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' },
  },
  {
    name: 'wrong admin secret',
    url: '/v1/metadata',
    headers: { 'x-hasura-admin-secret': 'wrong' },
    body: { type: 'export_metadata', args: {} },
    status: 401,
    response: { path: '$', error: 'invalid x-hasura-admin-secret/x-hasura-access-key', code: 'access-denied' },
  },
  { name: 'malformed JSON', url: '/v1/metadata', body: 'not json', status: 400, matches: { path: '$', code: 'invalid-json' } },
  {
    name: 'no type',
    url: '/v1/metadata',
    body: { args: {} },
    status: 400,
    response: { path: '$', error: 'key "type" not found', code: 'parse-failed' },
  },
  {
    name: 'no args',
    url: '/v1/metadata',
    body: { type: 'export_metadata' },
    status: 400,
    response: { path: '$', error: 'key "args" not found', code: 'parse-failed' },
  },
  {
    name: 'unknown command',
    url: '/v1/metadata',
    body: { type: 'explode', args: {} },
    status: 400,
    response: {
      path: '$.type',
      error: 'unknown metadata command "explode"; "explode" was not recognized as a valid backend name',
      code: 'parse-failed',
    },
  },
  {
    name: 'unknown command of a known backend',
    url: '/v1/metadata',
    body: { type: 'pg_explode', args: {} },
    status: 400,
    response: { path: '$.type', error: 'unknown metadata command "explode" for backend postgres', code: 'parse-failed' },
  },
  {
    name: 'replace_metadata with an invalid permission is located by its path',
    url: '/v1/metadata',
    body: {
      type: 'replace_metadata',
      args: metadataWith([{ table: 'author', select_permissions: [{ role: 'user', permission: { columns: 5 } }] }]),
    },
    status: 400,
    response: {
      path: '$.args.sources[0].tables[0].select_permissions[0].permission.columns',
      error: 'expected a list of column names or "*"',
      code: 'parse-failed',
    },
  },
  {
    name: 'replace_metadata answers success',
    url: '/v1/metadata',
    body: { type: 'replace_metadata', args: metadataWith([authorTable, articleTable]) },
    status: 200,
    response: { message: 'success' },
  },
  {
    name: "export_metadata answers Hasura's v3 JSON",
    url: '/v1/metadata',
    body: { type: 'export_metadata', args: {} },
    status: 200,
    response: metadataWith(exportedTables),
  },
  {
    name: 'export_metadata version 2 adds the resource_version',
    url: '/v1/metadata',
    body: { type: 'export_metadata', version: 2, args: {} },
    status: 200,
    matches: { resource_version: 2, metadata: metadataWith(exportedTables) },
  },
  {
    name: 'replace_metadata refuses a table that does not exist',
    url: '/v1/metadata',
    body: { type: 'replace_metadata', args: metadataWith([{ table: 'missing' }]) },
    status: 400,
    response: { path: '$.args', error: 'cannot continue due to inconsistent metadata', code: 'unexpected', internal: [missingTable] },
  },
  {
    name: 'a permission on a column that does not exist is inconsistent',
    url: '/v1/metadata',
    body: {
      type: 'replace_metadata',
      args: metadataWith([{ table: 'author', select_permissions: [{ role: 'user', permission: { columns: ['nope'] } }] }]),
    },
    status: 400,
    matches: {
      code: 'unexpected',
      internal: [
        {
          type: 'select_permission',
          name: 'select_permission user in table author in source default',
          reason: 'Inconsistent object: in table "author": in permission for role "user": "nope" does not exist',
        },
      ],
    },
  },
  {
    name: 'a foreign-key relationship needs a foreign key',
    url: '/v1/metadata',
    body: {
      type: 'replace_metadata',
      args: metadataWith([{ table: 'author', object_relationships: [{ name: 'self', using: { foreign_key_constraint_on: 'name' } }] }]),
    },
    status: 400,
    matches: {
      code: 'unexpected',
      internal: [
        {
          type: 'object_relation',
          name: 'object_relation self in table author in source default',
          reason: 'Inconsistent object: in table "author": in relationship "self": no foreign constraint exists on the given column(s)',
        },
      ],
    },
  },
  {
    name: 'a stale resource_version is a conflict',
    url: '/v1/metadata',
    body: { type: 'clear_metadata', args: {}, resource_version: 1 },
    status: 409,
    response: { path: '$', error: 'metadata resource version referenced (1) did not match current version', code: 'conflict' },
  },
  {
    name: 'allow_inconsistent_metadata stores it and reports',
    url: '/v1/metadata',
    body: {
      type: 'replace_metadata',
      resource_version: 2,
      args: { allow_inconsistent_metadata: true, metadata: metadataWith([authorTable, articleTable, { table: 'missing' }]) },
    },
    status: 200,
    response: { is_consistent: false, inconsistent_objects: [missingTable] },
  },
  {
    name: 'get_inconsistent_metadata',
    url: '/v1/metadata',
    body: { type: 'get_inconsistent_metadata', args: {} },
    status: 200,
    response: { is_consistent: false, inconsistent_objects: [missingTable] },
  },
  {
    name: 'reload_metadata reports the inconsistencies too',
    url: '/v1/metadata',
    body: { type: 'reload_metadata', args: { reload_remote_schemas: true } },
    status: 200,
    response: { message: 'success', is_consistent: false, inconsistent_objects: [missingTable] },
  },
  {
    name: 'drop_inconsistent_metadata',
    url: '/v1/metadata',
    body: {
      type: 'bulk',
      args: [
        { type: 'drop_inconsistent_metadata', args: {} },
        { type: 'get_inconsistent_metadata', args: {} },
        { type: 'export_metadata', args: {} },
      ],
    },
    status: 200,
    response: [{ message: 'success' }, { is_consistent: true, inconsistent_objects: [] }, metadataWith(exportedTables)],
  },
  {
    name: 'put the missing table back',
    url: '/v1/metadata',
    body: {
      type: 'replace_metadata',
      args: { allow_inconsistent_metadata: true, metadata: metadataWith([authorTable, articleTable, { table: 'missing' }]) },
    },
    status: 200,
    response: { is_consistent: false, inconsistent_objects: [missingTable] },
  },
  {
    name: 'pg_untrack_table of a table another one points at needs cascade',
    url: '/v1/metadata',
    body: { type: 'pg_untrack_table', args: { table: 'article' } },
    status: 400,
    matches: { path: '$.args', code: 'dependency-error' },
  },
  {
    name: 'bulk stops at its first error and changes nothing',
    url: '/v1/metadata',
    body: {
      type: 'bulk',
      args: [
        { type: 'pg_untrack_table', args: { table: 'missing' } },
        { type: 'pg_create_select_permission', args: { table: 'author', role: 'user', permission: { columns: '*' } } },
      ],
    },
    status: 400,
    response: {
      path: '$.args[1].args',
      error: 'select permission already defined on table "author" with role "user"',
      code: 'already-exists',
    },
  },
  {
    name: 'bulk applies every command in order',
    url: '/v1/metadata',
    body: {
      type: 'bulk',
      args: [
        { type: 'pg_untrack_table', args: { table: 'missing' } },
        { type: 'pg_drop_select_permission', args: { table: 'author', role: 'user' } },
        {
          type: 'pg_create_select_permission',
          args: { table: 'author', role: 'user', permission: { columns: '*', filter: { id: { _eq: 'X-Hasura-User-Id' } } } },
        },
        { type: 'export_metadata', args: {} },
      ],
    },
    status: 200,
    matches: [
      { message: 'success' },
      { message: 'success' },
      { message: 'success' },
      {
        sources: [
          {
            tables: [
              {},
              { select_permissions: [{ role: 'user', permission: { columns: '*', filter: { id: { _eq: 'X-Hasura-User-Id' } } } }] },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'pg_track_table of a missing table is an invalid configuration',
    url: '/v1/metadata',
    body: { type: 'pg_track_table', args: { table: 'ghost' } },
    status: 400,
    matches: { path: '$.args', code: 'invalid-configuration', error: 'Inconsistent object: no such table/view exists in source: "ghost"' },
  },
  {
    name: 'pg_track_table twice',
    url: '/v1/metadata',
    body: { type: 'pg_track_table', args: { table: { schema: 'public', name: 'author' } } },
    status: 400,
    response: { path: '$.args', error: 'view/table already tracked: "author"', code: 'already-tracked' },
  },
]

describe(`/v1/metadata (${testDatabaseKind})`, () => {
  let api: Awaited<ReturnType<typeof openAdminApiApp>>
  beforeAll(async () => {
    api = await openAdminApiApp()
    await api.context.db.script(`
      create table author (id serial primary key, name text);
      create table article (id serial primary key, author_id int references author (id), title text);`)
  })
  afterAll(() => api.dispose())

  for (const scenario of scenarios) it(scenario.name, () => runAdminScenario(api.app, scenario))

  it('persists every change and hands it to the engine', async () => {
    const stored = await readStoredMetadata(api.context.db)
    expect(stored?.resourceVersion).toBe(api.context.metadata.resourceVersion)
    expect(exportMetadata(stored!.metadata)).toEqual(exportMetadata(api.context.metadata.current))
  })

  it('run_sql follows a renamed tracked table and drops a dropped one (with cascade)', async () => {
    await runAdminScenario(api.app, {
      name: 'rename',
      url: '/v2/query',
      body: { type: 'run_sql', args: { sql: 'alter table article rename to post' } },
      status: 200,
    })
    expect(api.context.metadata.current.sources[0]!.tables.map((t) => t.table.name)).toEqual(['author', 'post'])
    await runAdminScenario(api.app, {
      name: 'drop without cascade',
      url: '/v2/query',
      body: { type: 'run_sql', args: { sql: 'drop table post' } },
      status: 400,
      matches: {
        code: 'dependency-error',
        error: 'cannot drop due to the following dependent objects : relationship author.articles in source "default"',
      },
    })
    await runAdminScenario(api.app, {
      name: 'drop with cascade',
      url: '/v2/query',
      body: { type: 'run_sql', args: { sql: 'drop table post', cascade: true } },
      status: 200,
    })
    const tables = api.context.metadata.current.sources[0]!.tables
    expect(tables.map((t) => t.table.name)).toEqual(['author'])
    expect(tables[0]!.array_relationships).toEqual([])
    expect(exportMetadata((await readStoredMetadata(api.context.db))!.metadata)).toEqual(exportMetadata(api.context.metadata.current))
  })

  it('drop_inconsistent_metadata removes bad permissions and relationships, keeping the rest', async () => {
    const author = {
      table: 'author',
      object_relationships: [{ name: 'ghost', using: { manual_configuration: { remote_table: 'ghost', column_mapping: { id: 'id' } } } }],
      select_permissions: [
        { role: 'user', permission: { columns: ['id', 'nope'] } },
        { role: 'viewer', permission: { columns: ['id'] } },
      ],
    }
    await runAdminScenario(api.app, {
      name: 'store inconsistent',
      url: '/v1/metadata',
      body: { type: 'replace_metadata', args: { allow_inconsistent_metadata: true, metadata: metadataWith([author]) } },
      status: 200,
      matches: { is_consistent: false, inconsistent_objects: [{ type: 'object_relation' }, { type: 'select_permission' }] },
    })
    await runAdminScenario(api.app, {
      name: 'drop',
      url: '/v1/metadata',
      body: { type: 'drop_inconsistent_metadata', args: {} },
      status: 200,
    })
    await runAdminScenario(api.app, {
      name: 'export',
      url: '/v1/metadata',
      body: { type: 'export_metadata', args: {} },
      status: 200,
      response: metadataWith([
        {
          table: { schema: 'public', name: 'author' },
          select_permissions: [{ role: 'viewer', permission: { columns: ['id'], filter: {} } }],
        },
      ]),
    })
  })

  it('keeps the CLI and console state in hdb_catalog.hdb_version without touching the metadata', async () => {
    const version = api.context.metadata.resourceVersion
    const cliState = { migrations: { default: { '1700000000000': false } }, settings: { migration_mode: 'true' } }
    await runAdminScenario(api.app, {
      name: 'set',
      url: '/v1/metadata',
      body: { type: 'set_catalog_state', args: { type: 'cli', state: cliState } },
      status: 200,
      response: { message: 'success' },
    })
    const state = await runAdminScenario(api.app, {
      name: 'get',
      url: '/v1/metadata',
      body: { type: 'get_catalog_state', args: {} },
      status: 200,
    })
    expect(state).toMatchObject({ cli_state: cliState, console_state: {} })
    expect((state as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
    expect(api.context.metadata.resourceVersion).toBe(version)
    await runAdminScenario(api.app, {
      name: 'bad type',
      url: '/v1/metadata',
      body: { type: 'set_catalog_state', args: { type: 'server', state: {} } },
      status: 400,
      response: { path: '$.args.type', error: 'expected "cli" or "console"', code: 'parse-failed' },
    })
  })

  it('clear_metadata keeps the default source', async () => {
    await runAdminScenario(api.app, {
      name: 'clear',
      url: '/v1/metadata',
      body: { type: 'clear_metadata', args: {} },
      status: 200,
      response: { message: 'success' },
    })
    await runAdminScenario(api.app, {
      name: 'export',
      url: '/v1/metadata',
      body: { type: 'export_metadata', args: {} },
      status: 200,
      response: { version: 3, sources: [source([])] },
    })
  })
})
