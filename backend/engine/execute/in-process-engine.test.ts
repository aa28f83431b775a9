import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../../tests/support/test-database.ts'
import type { BackendConfig } from '../../config/load-config.ts'
import type { BackendContext } from '../../context/backend-context.ts'
import type { Database } from '../../db/database.ts'
import { applySystemSchemas } from '../../db/system/apply-system-schemas.ts'
import { createLogger } from '../../lib/logger.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import { MetadataStore } from '../../metadata/store/metadata-store.ts'
import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'
import { engineOperation } from './engine-operation.ts'
import { createGraphqlEngine, type GraphqlEngine } from './graphql-engine.ts'
import { OperationPreparer } from './operation-preparer.ts'
import { RoleLimits } from './role-limits.ts'

/** The engine as services call it in-process: typed data in, typed data or `EngineError` out. */
const SETUP = `
CREATE TABLE note (id integer PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL, score numeric NOT NULL DEFAULT 0);
INSERT INTO note VALUES (1, 'u1', 'mine', 1.5), (2, 'u2', 'theirs', 2);
`

const METADATA = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      configuration: {},
      tables: [
        {
          table: { schema: 'public', name: 'note' },
          select_permissions: [
            { role: 'user', permission: { columns: ['id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } },
          ],
          insert_permissions: [{ role: 'user', permission: { columns: ['id', 'body'], set: { owner_id: 'X-Hasura-User-Id' }, check: {} } }],
        },
      ],
    },
  ],
} as unknown as Metadata

const ADMIN: Session = { role: 'admin', isAdmin: true, adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } }
const user = (id: string): Session => ({
  role: 'user',
  isAdmin: false,
  adminSecretUsed: false,
  variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': id },
})

type Note = { id: number; body: string }
const NOTES = engineOperation<{ note: Note[] }, { min: number }>(
  'query ($min: Int!) { note(where: { id: { _gte: $min } }, order_by: { id: asc }) { id body } }',
)
const NOTE_IDS = engineOperation<{ note: { id: number }[] }>('query { note { id } }')
const SCORES = engineOperation<{ note: { id: number; score: string }[] }>('query { note(order_by: { id: asc }) { id score } }')
const ADD_NOTE = engineOperation<{ insert_note_one: { id: number } | null }, { id: number; body: string; owner: string }>(
  'mutation ($id: Int!, $body: String!, $owner: String!) { insert_note_one(object: { id: $id, body: $body, owner_id: $owner }) { id } }',
)

let db: Database & { dispose(): Promise<void> }
let context: BackendContext
let engine: GraphqlEngine

beforeAll(async () => {
  db = await openTestDatabase()
  await applySystemSchemas(db)
  await db.script(SETUP)
  context = {
    config: {
      adminSecret: 'secret',
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: true,
      graphql: { maxRequestBytes: 10_000_000, maxDepth: 10, maxNodes: 1000, maxAliases: 100, maxBatch: 20, timeLimitMs: 30_000 },
    } as BackendConfig,
    db,
    log: createLogger('silent'),
    metadata: new MetadataStore(METADATA),
  }
  engine = createGraphqlEngine(context)
}, 60_000)

afterAll(async () => {
  await db?.dispose()
})

/** The engine's error `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error: unknown = await promise.then(
    () => null,
    (rejected: unknown) => rejected,
  )
  if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`)
  return error
}

describe(`the in-process engine on ${testDatabaseKind}`, () => {
  it("answers the operation's data as values, under the session's permissions", async () => {
    const mine: { note: Note[] } = await engine.run(NOTES, { min: 0 }, user('u1'))
    expect(mine).toEqual({ note: [{ id: 1, body: 'mine' }] })
    expect(await engine.run(NOTES, { min: 0 }, ADMIN)).toEqual({
      note: [
        { id: 1, body: 'mine' },
        { id: 2, body: 'theirs' },
      ],
    })
    // As over HTTP: numeric stringified under HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES.
    expect(await engine.run(SCORES, {}, ADMIN)).toEqual({
      note: [
        { id: 1, score: '1.5' },
        { id: 2, score: '2' },
      ],
    })
  })

  it('throws EngineError on a validation failure: a field the role may not see', async () => {
    // `owner_id` is in the user's insert input only through its preset: not a field it may give.
    const error = await failure(engine.run(ADD_NOTE, { id: 3, body: 'x', owner: 'u9' }, user('u1')))
    expect(error.code).toBe('validation-failed')
    expect(error.path).toBe('$.selectionSet.insert_note_one.args.object.owner_id')
    const { rows } = await db.query('SELECT 1 FROM note WHERE id = 3')
    expect(rows).toEqual([])
  })

  it("throws EngineError on a permission failure: a role without the table's select", async () => {
    const guest: Session = { role: 'guest', isAdmin: false, adminSecretUsed: false, variables: { 'x-hasura-role': 'guest' } }
    const error = await failure(engine.run(NOTE_IDS, {}, guest))
    expect(error.code).toBe('validation-failed')
    expect(error.message).toBe("field 'note' not found in type: 'query_root'")
  })

  it('throws EngineError on variables that do not match the operation', async () => {
    const error = await failure(engine.run(NOTES, { min: 'one' as unknown as number }, ADMIN))
    expect(error.code).toBe('validation-failed')
    expect(error.path).toBe('$.variableValues')
    expect(error.message).toContain('min')
  })

  it('validates and plans a prepared operation once, then runs it with each session and its variables', async () => {
    const preparer = new OperationPreparer(context, new RoleLimits(context.config.graphql, context.metadata))
    const first = await preparer.prepareOperation(NOTES, { min: 0 }, user('u1'))
    const again = await preparer.prepareOperation(NOTES, { min: 2 }, user('u2'))
    // The same compiled operation: `$min` and the user id are bound per run, not planned.
    expect(again.compiled).toBe(first.compiled)
    expect(again.variables).toEqual({ min: 2 })
    expect(await engine.run(NOTES, { min: 2 }, user('u2'))).toEqual({ note: [{ id: 2, body: 'theirs' }] })
    expect(await engine.run(NOTES, { min: 2 }, user('u1'))).toEqual({ note: [] })
    // A metadata change re-validates it against the new schema.
    context.metadata.replace({ ...METADATA, sources: [{ ...METADATA.sources[0]!, tables: [] }] } as Metadata)
    expect((await failure(engine.run(NOTE_IDS, {}, ADMIN))).message).toBe("field 'note' not found in type: 'query_root'")
    context.metadata.replace(METADATA)
    expect(await engine.run(NOTE_IDS, {}, user('u1'))).toEqual({ note: [{ id: 1 }] })
    expect((await preparer.prepareOperation(NOTES, { min: 0 }, user('u1'))).compiled).not.toBe(first.compiled)
  })

  it('refuses a document that does not parse when the operation is defined', () => {
    expect(() => engineOperation('query { note { id }')).toThrow(EngineError)
  })
})
