import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAdminApiApp, runAdminScenario, type AdminScenario } from '../../tests/support/admin-api-app.ts'
import { testDatabaseKind } from '../../tests/support/test-database.ts'

const runSql = (sql: string, extra: Record<string, unknown> = {}) => ({ type: 'run_sql', args: { source: 'default', sql, ...extra } })

/** Scenarios run in order against one database: later ones see what earlier ones created. */
const scenarios: AdminScenario[] = [
  {
    name: 'missing admin secret',
    url: '/v2/query',
    anonymous: true,
    body: runSql('select 1'),
    status: 400,
    response: { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' },
  },
  {
    name: 'wrong admin secret',
    url: '/v2/query',
    headers: { 'x-hasura-admin-secret': 'nope' },
    body: runSql('select 1'),
    status: 401,
    response: { path: '$', error: 'invalid x-hasura-admin-secret/x-hasura-access-key', code: 'access-denied' },
  },
  {
    name: 'admin secret while acting as another role',
    url: '/v2/query',
    headers: { 'x-hasura-role': 'user' },
    body: runSql('select 1'),
    status: 400,
    response: { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' },
  },
  { name: 'malformed JSON', url: '/v2/query', body: '{"type": "run_sql",', status: 400, matches: { path: '$', code: 'invalid-json' } },
  {
    name: 'unknown type',
    url: '/v2/query',
    body: { type: 'explode', args: {} },
    status: 400,
    matches: { path: '$.type', code: 'parse-failed' },
  },
  {
    name: 'run_sql without sql',
    url: '/v2/query',
    body: { type: 'run_sql', args: {} },
    status: 400,
    response: { path: '$.args', error: 'key "sql" not found', code: 'parse-failed' },
  },
  {
    name: 'run_sql with a number for sql',
    url: '/v2/query',
    body: { type: 'run_sql', args: { sql: 1 } },
    status: 400,
    response: { path: '$.args.sql', error: 'expected a string', code: 'parse-failed' },
  },
  {
    name: 'DDL, a DO block and a $$ function in one script',
    url: '/v2/query',
    body: runSql(`
      create table author (id serial primary key, name text not null);
      do $$ begin insert into author (name) values ('Ada'); end $$;
      create function author_count() returns bigint language sql stable as $$ select count(*) from author $$;`),
    status: 200,
    response: { result_type: 'CommandOk', result: null },
  },
  {
    name: 'rows of the last statement, as text, header first',
    url: '/v2/query',
    body: runSql(
      `insert into author (name) values ('Grace'); select id, name, author_count() as n, null::text as nothing from author order by id`,
    ),
    status: 200,
    response: {
      result_type: 'TuplesOk',
      result: [
        ['id', 'name', 'n', 'nothing'],
        ['1', 'Ada', '2', null],
        ['2', 'Grace', '2', null],
      ],
    },
  },
  {
    name: 'a select with no rows still answers the header',
    url: '/v2/query',
    body: runSql(`select name from author where false`),
    status: 200,
    response: { result_type: 'TuplesOk', result: [['name']] },
  },
  {
    name: "Postgres errors in Hasura's shape, with internal for admins",
    url: '/v2/query',
    body: runSql('insert into author (name) values (null)'),
    status: 400,
    matches: {
      path: '$',
      error: 'query execution failed',
      code: 'postgres-error',
      internal: {
        arguments: [],
        prepared: false,
        statement: 'insert into author (name) values (null)',
        error: { exec_status: 'FatalError', status_code: '23502', hint: null },
      },
    },
  },
  {
    name: 'a failing script rolls back the statements before the error',
    url: '/v2/query',
    body: runSql(`insert into author (name) values ('Lost'); select 1/0`),
    status: 400,
    matches: { code: 'postgres-error', internal: { error: { status_code: '22012', message: 'division by zero' } } },
  },
  {
    name: 'nothing of the failed script stayed',
    url: '/v2/query',
    body: runSql(`select count(*) from author where name = 'Lost'`),
    status: 200,
    response: { result_type: 'TuplesOk', result: [['count'], ['0']] },
  },
  {
    name: 'read_only refuses writes',
    url: '/v2/query',
    body: runSql(`insert into author (name) values ('x')`, { read_only: true }),
    status: 400,
    matches: { code: 'postgres-error', internal: { error: { status_code: '25006' } } },
  },
  {
    name: 'an unknown source',
    url: '/v2/query',
    body: { type: 'run_sql', args: { source: 'other', sql: 'select 1' } },
    status: 400,
    response: { path: '$', error: 'source with name "other" does not exist', code: 'not-exists' },
  },
  {
    name: 'bulk answers a list',
    url: '/v2/query',
    body: { type: 'bulk', args: [runSql('select 1 as one'), runSql('create table bulk_t (v int)')] },
    status: 200,
    response: [
      { result_type: 'TuplesOk', result: [['one'], ['1']] },
      { result_type: 'CommandOk', result: null },
    ],
  },
  {
    name: 'bulk stops at the first error, located by its index',
    url: '/v2/query',
    body: { type: 'bulk', args: [runSql('insert into bulk_t values (1)'), runSql('select nope'), runSql('insert into bulk_t values (3)')] },
    status: 400,
    matches: { path: '$[1]', code: 'postgres-error' },
  },
  {
    name: 'the old /v1/query endpoint runs the same run_sql',
    url: '/v1/query',
    body: { type: 'run_sql', args: { sql: 'select v from bulk_t order by v' } },
    status: 200,
    response: { result_type: 'TuplesOk', result: [['v'], ['1']] },
  },
  {
    name: 'a bad item in a bulk is a parse error before anything runs',
    url: '/v1/query',
    body: { type: 'bulk', args: [runSql('insert into bulk_t values (5)'), { type: 'run_sql', args: {} }] },
    status: 400,
    response: { path: '$.args[1].args', error: 'key "sql" not found', code: 'parse-failed' },
  },
]

describe(`/v2/query (${testDatabaseKind})`, () => {
  let api: Awaited<ReturnType<typeof openAdminApiApp>>
  beforeAll(async () => {
    api = await openAdminApiApp()
  })
  afterAll(() => api.dispose())

  for (const scenario of scenarios) it(scenario.name, () => runAdminScenario(api.app, scenario))

  it("lets in a JWT whose role is admin, and no other role, as Hasura's sessions decide", async () => {
    const secret = api.context.config.jwtSecret
    const token = (role: string) =>
      new SignJWT({
        [secret.claimsNamespace]: { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, 'x-hasura-user-id': 'u1' },
      })
        .setProtectedHeader({ alg: secret.type })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret.key))
    const bearer = async (role: string) => ({ authorization: `Bearer ${await token(role)}` })
    await runAdminScenario(api.app, {
      name: 'admin jwt',
      url: '/v2/query',
      anonymous: true,
      headers: await bearer('admin'),
      body: runSql('select 1 as one'),
      status: 200,
    })
    await runAdminScenario(api.app, {
      name: 'user jwt',
      url: '/v2/query',
      anonymous: true,
      headers: await bearer('user'),
      body: runSql('select 1'),
      status: 400,
      response: { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' },
    })
    await runAdminScenario(api.app, {
      name: 'forged jwt',
      url: '/v2/query',
      anonymous: true,
      headers: { authorization: 'Bearer not.a.token' },
      body: runSql('select 1'),
      status: 400,
      matches: { path: '$', code: 'invalid-jwt' },
    })
  })

  it('tells the engine that the catalog changed after DDL', async () => {
    const changes: string[] = []
    const stop = api.context.metadata.subscribe((change) => changes.push(change))
    await runAdminScenario(api.app, { name: 'ddl', url: '/v2/query', body: runSql('create table notified (id int)'), status: 200 })
    await runAdminScenario(api.app, { name: 'dml', url: '/v2/query', body: runSql('insert into notified values (1)'), status: 200 })
    stop()
    expect(changes).toEqual(['catalog'])
  })
})
