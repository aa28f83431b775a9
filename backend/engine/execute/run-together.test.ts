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

/**
 * `runTogether` on both databases: mutations of different sessions in one transaction, each
 * under its own role's permissions and its own `hasura.user`, all applied or none.
 */
const SETUP = `
CREATE TABLE doc (
  id integer PRIMARY KEY,
  owner_id text,
  body text NOT NULL CHECK (length(body) <= 20),
  stamp text,
  inserted_as text,
  updated_as text
);
CREATE FUNCTION doc_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN NEW.inserted_as := current_setting('hasura.user', true)::jsonb ->> 'x-hasura-role';
  ELSE NEW.updated_as := current_setting('hasura.user', true)::jsonb ->> 'x-hasura-role';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER doc_session BEFORE INSERT OR UPDATE ON doc FOR EACH ROW EXECUTE FUNCTION doc_session();
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
          table: { schema: 'public', name: 'doc' },
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['id', 'body'], set: { owner_id: 'X-Hasura-User-Id' }, check: { body: { _neq: 'forbidden' } } },
            },
          ],
          // Hasura offers `insert_doc_one` only to a role that may select what it returns.
          select_permissions: [{ role: 'user', permission: { columns: ['id'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } }],
        },
      ],
    },
  ],
} as unknown as Metadata

const ADMIN: Session = { role: 'admin', isAdmin: true, adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } }
const USER: Session = {
  role: 'user',
  isAdmin: false,
  adminSecretUsed: false,
  variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': 'u1' },
}

type Stamp = { id: number; stamp: string }
const INSERT = engineOperation<unknown, { id: number; body: string }>(
  'mutation ($id: Int!, $body: String!) { insert_doc_one(object: { id: $id, body: $body }) { id } }',
)
const STAMP_TEXT =
  'mutation ($id: Int!, $stamp: String!) { update_doc_by_pk(pk_columns: { id: $id }, _set: { stamp: $stamp }) { id owner_id stamp } }'
const STAMP = engineOperation<Record<string, unknown>, Stamp>(STAMP_TEXT)

let db: Database & { dispose(): Promise<void> }
let engine: GraphqlEngine

beforeAll(async () => {
  db = await openTestDatabase()
  await applySystemSchemas(db)
  await db.script(SETUP)
  const context: BackendContext = {
    config: {
      adminSecret: 'secret',
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: true,
      graphql: { maxRequestBytes: 10_000_000, maxDepth: 10, timeLimitMs: 30_000 },
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

/** The user's insert, then the admin's stamp on the same row, as one. */
function insertThenStamp(id: number, body: string, stamp: string, stampOperation = STAMP): Promise<Record<string, unknown>> {
  return engine.runTogether([
    { operation: INSERT, variables: { id, body }, session: USER },
    { operation: stampOperation, variables: { id, stamp }, session: ADMIN },
  ])
}

/** The engine's error `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error: unknown = await promise.then(
    () => null,
    (rejected: unknown) => rejected,
  )
  if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`)
  return error
}

async function row(id: number): Promise<Record<string, unknown> | undefined> {
  return (await db.query<Record<string, unknown>>('SELECT owner_id, body, stamp, inserted_as, updated_as FROM doc WHERE id = $1', [id]))
    .rows[0]
}

describe(`runTogether on ${testDatabaseKind}`, () => {
  it("runs each mutation as its own session and answers the last one's response", async () => {
    expect(await insertThenStamp(1, 'hello', 'done')).toEqual({ update_doc_by_pk: { id: 1, owner_id: 'u1', stamp: 'done' } })
    // The user's preset applied to the insert; each statement saw its own hasura.user.
    expect(await row(1)).toEqual({ owner_id: 'u1', body: 'hello', stamp: 'done', inserted_as: 'user', updated_as: 'admin' })
  })

  it("applies nothing when the first session's permission check refuses", async () => {
    expect((await failure(insertThenStamp(2, 'forbidden', 'done'))).code).toBe('permission-error')
    expect(await row(2)).toBeUndefined()
  })

  it('rolls the first mutation back when a later one fails', async () => {
    await insertThenStamp(3, 'fine', 'x', engineOperation(STAMP_TEXT.replace('stamp: $stamp', 'body: $stamp, stamp: $stamp')))
    const failed = await failure(
      insertThenStamp(
        4,
        'fine',
        'a body longer than its check allows',
        engineOperation(STAMP_TEXT.replace('stamp: $stamp', 'body: $stamp')),
      ),
    )
    expect(failed.message).toMatch(/^Check constraint violation/)
    expect(await row(4)).toBeUndefined()
  })

  it('keeps sessions and atomicity when a mutation takes several statements', async () => {
    // Two root fields: the operation runs in a transaction of its own, not as one pipeline.
    const twoFields = engineOperation<Record<string, unknown>, Stamp>(`mutation ($id: Int!, $stamp: String!) {
      a: update_doc_by_pk(pk_columns: { id: $id }, _set: { stamp: $stamp }) { id }
      b: update_doc_by_pk(pk_columns: { id: $id }, _set: { body: $stamp }) { id stamp }
    }`)
    expect(await insertThenStamp(5, 'five', 'ok', twoFields)).toEqual({ a: { id: 5 }, b: { id: 5, stamp: 'ok' } })
    expect(await row(5)).toEqual({ owner_id: 'u1', body: 'ok', stamp: 'ok', inserted_as: 'user', updated_as: 'admin' })
    const failed = await failure(insertThenStamp(6, 'six', 'a body longer than its check allows', twoFields))
    expect(failed.message).toMatch(/^Check constraint violation/)
    expect(await row(6)).toBeUndefined()
  })

  it('refuses a query: only mutations run together', async () => {
    const query = engineOperation('query { doc { id } }')
    expect((await failure(engine.runTogether([{ operation: query, variables: {}, session: ADMIN }]))).code).toBe('validation-failed')
  })
})
