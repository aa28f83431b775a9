import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_AUTH_TOML } from '../support/auth-test-harness.ts'
import { expectHealthzWithin } from '../support/expect-healthz-within.ts'
import { ADMIN_SECRET, startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'

/**
 * Hostile and clumsy requests to Auth, `/v1/metadata` and `/v2/query`, one group at a time
 * against one real backend, as tests/integration/hostile-input.test.ts does for GraphQL. Every
 * request gets an answer below 500 (or the documented error); after each group the same process
 * answers /healthz within 100 ms, a normal request still works, and its memory grew less than 100 MB.
 */
let server: GraphqlTestBackend

interface Hostile {
  name: string
  path: string
  headers?: Record<string, string>
  body: BodyInit | (() => BodyInit)
  /** The status the request must get; otherwise any answer below 500. */
  status?: number
  /** Text the answer must contain. */
  says?: string
}

const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

/** A body sent in small pieces with pauses, as a slow or stalling client would. */
function slowBody(text: string, pieces = 5, pauseMs = 200): () => ReadableStream<Uint8Array> {
  return () => {
    const bytes = new TextEncoder().encode(text)
    const size = Math.ceil(bytes.length / pieces)
    let sent = 0
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= bytes.length) return controller.close()
        await new Promise((resolve) => setTimeout(resolve, pauseMs))
        controller.enqueue(bytes.subarray(sent, sent + size))
        sent += size
      },
    })
  }
}

async function send(request: Hostile): Promise<{ status: number; text: string }> {
  const body = typeof request.body === 'function' ? request.body() : request.body
  const response = await fetch(`${server.url}${request.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...request.headers },
    body,
    duplex: 'half',
    // Generous: a request that hangs the database never answers at all.
    signal: AbortSignal.timeout(60_000),
  } as RequestInit)
  return { status: response.status, text: await response.text() }
}

async function playGroup(requests: Hostile[], stillWorks: () => Promise<void>, options = { boundRss: true }): Promise<void> {
  const rssBefore = process.memoryUsage().rss
  const failures: string[] = []
  for (const request of requests) {
    try {
      const { status, text } = await send(request)
      if (request.status !== undefined ? status !== request.status : status >= 500) {
        failures.push(`${request.name}: HTTP ${status} ${text.slice(0, 200)}`)
      }
      if (request.says && !text.includes(request.says)) failures.push(`${request.name}: ${text.slice(0, 200)}`)
    } catch (error) {
      failures.push(`${request.name}: ${String(error)}`)
    }
  }
  expect(failures).toEqual([])
  await expectHealthzWithin(server.url)
  await stillWorks()
  if (options.boundRss) expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100_000_000)
}

const signUp = (email: string, extra = '') => `{"email":"${email}","password":"password-123456"${extra}}`

beforeAll(async () => {
  server = await startGraphqlTestBackend({}, TEST_AUTH_TOML)
}, 240_000)

afterAll(() => server?.stop())

describe('hostile input to Auth, /v1/metadata and /v2/query', () => {
  it('Auth: malformed, mistyped, deep, huge and slow bodies', async () => {
    const path = '/v1/auth/signup/email-password'
    await playGroup(
      [
        { name: 'truncated JSON', path, body: '{"email": "a@example.com", "pass', status: 400 },
        { name: 'not JSON', path, body: 'email=a@example.com', status: 400 },
        { name: 'a JSON string', path, body: '"hello"', status: 400 },
        { name: 'invalid UTF-8', path, body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), status: 400 },
        { name: 'an email that is a number', path, body: '{"email": 5, "password": "password-123456"}', status: 400 },
        { name: 'a password that is an object', path, body: '{"email": "a@example.com", "password": {"$ne": ""}}', status: 400 },
        { name: 'options that are a list', path, body: signUp('b@example.com', ',"options":[1]'), status: 400 },
        { name: 'roles that are a string', path, body: signUp('b@example.com', ',"options":{"allowedRoles":"user"}'), status: 400 },
        { name: 'metadata that is a string', path, body: signUp('b@example.com', ',"options":{"metadata":"x"}'), status: 400 },
        {
          name: 'sign-up metadata 2,000 levels deep',
          path,
          body: signUp('deep@example.com', `,"options":{"metadata":${nestedObject(2000)}}`),
          status: 400,
          says: 'nests deeper than 64 levels',
        },
        {
          name: 'sign-up metadata of arrays 65 levels deep',
          path,
          body: signUp('deep@example.com', `,"options":{"metadata":{"a":${nestedArray(65)}}}`),
          status: 400,
        },
        {
          name: 'anonymous sign-in metadata 2,000 levels deep',
          path: '/v1/auth/signin/anonymous',
          body: `{"metadata":${nestedObject(2000)}}`,
          status: 400,
          says: 'nests deeper than 64 levels',
        },
        { name: 'a 60,000-character email', path, body: signUp(`${'a'.repeat(60_000)}@example.com`), status: 400 },
        {
          name: 'a 100,000-character display name',
          path,
          body: signUp('c@example.com', `,"options":{"displayName":"${'x'.repeat(100_000)}"}`),
        },
        {
          name: 'a sign-in sent slowly',
          path: '/v1/auth/signin/email-password',
          body: slowBody('{"email":"x@example.com","password":"nope-nope-nope"}'),
          status: 401,
        },
      ],
      async () => {
        const { status, text } = await send({
          name: 'a sign-up',
          path,
          body: signUp('after@example.com', ',"options":{"metadata":{"team":{"a":[1]}}}'),
        })
        expect({ status, session: text.includes('accessToken') }).toEqual({ status: 200, session: true })
      },
    )
  }, 240_000)

  it('/v1/metadata and /v2/query: malformed, mistyped, deep and slow bodies', async () => {
    const admin = { 'x-hasura-admin-secret': ADMIN_SECRET }
    await playGroup(
      [
        { name: 'truncated metadata JSON', path: '/v1/metadata', headers: admin, body: '{"type": "export_meta', status: 400 },
        { name: 'metadata type that is a number', path: '/v1/metadata', headers: admin, body: '{"type": 5, "args": {}}', status: 400 },
        { name: 'metadata args that are a list', path: '/v1/metadata', headers: admin, body: '{"type": "reload_metadata", "args": [1]}' },
        {
          name: 'replace_metadata 2,000 levels deep',
          path: '/v1/metadata',
          headers: admin,
          body: `{"type":"replace_metadata","args":{"version":3,"sources":[],"x":${nestedObject(2000)}}}`,
        },
        { name: 'a bulk of 2,000 levels', path: '/v1/metadata', headers: admin, body: `{"type":"bulk","args":${nestedArray(2000)}}` },
        {
          name: 'truncated run_sql JSON',
          path: '/v2/query',
          headers: admin,
          body: '{"type": "run_sql", "args": {"sql": "sel',
          status: 400,
        },
        {
          name: 'run_sql with sql a number',
          path: '/v2/query',
          headers: admin,
          body: '{"type": "run_sql", "args": {"sql": 5}}',
          status: 400,
        },
        {
          name: 'run_sql sent slowly',
          path: '/v2/query',
          headers: admin,
          body: slowBody('{"type":"run_sql","args":{"sql":"select 1"}}'),
          status: 200,
        },
      ],
      async () => {
        expect(
          await server.runSql('create table still_works (n int); insert into still_works values (1); select n from still_works'),
        ).toMatchObject({
          result: [['n'], ['1']],
        })
        expect(await server.admin('/v1/metadata', { type: 'export_metadata', args: {} })).toMatchObject({ version: 3 })
      },
    )
  }, 240_000)

  // Without the RSS bound: each crash replaces PGlite's WebAssembly instance (in memory, with a
  // copy of its files), and V8 returns the crashed instance's memory only once it collects the
  // worker thread's heap (measured: RSS 649 MB higher right after two crashes).
  it('/v2/query: a statement that crashes PGlite fails alone and the database answers after it', async () => {
    const admin = { 'x-hasura-admin-secret': ADMIN_SECRET }
    await playGroup(
      [
        {
          name: 'run_sql nesting jsonb 1,000,000 levels deep',
          path: '/v2/query',
          headers: admin,
          body: `{"type":"run_sql","args":{"sql":"select repeat('[', 1000000)::jsonb"}}`,
        },
        {
          name: 'run_sql recursing without end',
          path: '/v2/query',
          headers: admin,
          body: JSON.stringify({
            type: 'run_sql',
            args: {
              sql: `create function hostile_recursion(n int) returns int language sql as
                $$ select case when n = 0 then 0 else hostile_recursion(n - 1) + 1 end $$;
                select hostile_recursion(1000000)`,
            },
          }),
        },
      ],
      async () => {
        expect(
          await server.runSql('create table after_crash (n int); insert into after_crash values (1); select n from after_crash'),
        ).toMatchObject({
          result: [['n'], ['1']],
        })
        expect(await server.runSql('select count(*) from still_works')).toMatchObject({ result: [['count'], ['1']] })
      },
      { boundRss: false },
    )
  }, 240_000)
})
