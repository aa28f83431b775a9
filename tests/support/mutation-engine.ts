import { Hono } from 'hono'
import { afterAll, beforeAll, expect } from 'vitest'
import type { BackendConfig } from '../../backend/config/load-config.ts'
import type { BackendContext } from '../../backend/context/backend-context.ts'
import type { Database } from '../../backend/db/database.ts'
import { applySystemSchemas } from '../../backend/db/system/apply-system-schemas.ts'
import { createGraphqlEngine } from '../../backend/engine/execute/graphql-engine.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import type { Metadata } from '../../backend/metadata/model/types.ts'
import { MetadataStore } from '../../backend/metadata/store/metadata-store.ts'
import { graphqlRoutes } from '../../backend/server/graphql-routes.ts'
import { ADMIN_SECRET } from './engine-app.ts'
import { openTestDatabase } from './test-database.ts'

/**
 * The engine's mutation tests share one schema (notes with nested tags, teams and members whose
 * permissions refer to each other, a counter to upsert, a tracked VOLATILE function) and one way
 * in: `/v1/graphql` through the engine's routes, as admin or as role `user`.
 */
const SETUP = `
CREATE TABLE note (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL,
  body text NOT NULL CHECK (length(body) <= 2000),
  written_by jsonb
);
CREATE TABLE tag (
  id serial PRIMARY KEY,
  note_id integer NOT NULL REFERENCES note (id),
  label text NOT NULL UNIQUE
);
CREATE TABLE counter (key text PRIMARY KEY, n integer NOT NULL);
CREATE FUNCTION bump_counter(k text) RETURNS SETOF counter LANGUAGE sql VOLATILE AS $$
  UPDATE counter SET n = n + 1 WHERE key = k RETURNING *
$$;
CREATE TABLE team (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE team_member (team_id integer NOT NULL REFERENCES team (id), user_id integer NOT NULL, PRIMARY KEY (team_id, user_id));
CREATE TABLE wide (id serial PRIMARY KEY, a int, b int, c int, d int, e int, f int, g text);
CREATE FUNCTION note_written_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_by := current_setting('hasura.user', true)::jsonb;
  IF NEW.body = 'explode' THEN RAISE EXCEPTION 'internal detail that only admins may see'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER note_written_by BEFORE INSERT ON note FOR EACH ROW EXECUTE FUNCTION note_written_by();
`

const METADATA: Metadata = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      configuration: {},
      tables: [
        {
          table: { schema: 'public', name: 'note' },
          array_relationships: [
            { name: 'tags', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'tag' }, column: 'note_id' } } },
          ],
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['body'], set: { owner_id: 'X-Hasura-User-Id' }, check: { owner_id: { _eq: 'X-Hasura-User-Id' } } },
            },
          ],
          select_permissions: [
            { role: 'user', permission: { columns: ['id', 'owner_id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } },
          ],
          update_permissions: [
            {
              role: 'user',
              permission: { columns: ['body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } }, check: { body: { _neq: 'forbidden' } } },
            },
          ],
        },
        {
          table: { schema: 'public', name: 'tag' },
          object_relationships: [{ name: 'note', using: { foreign_key_constraint_on: 'note_id' } }],
          insert_permissions: [{ role: 'user', permission: { columns: ['label'], check: { label: { _neq: 'secret' } } } }],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'label'], filter: {} } }],
        },
        { table: { schema: 'public', name: 'wide' } },
        {
          table: { schema: 'public', name: 'team' },
          array_relationships: [
            {
              name: 'members',
              using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'team_member' }, column: 'team_id' } },
            },
          ],
          select_permissions: [
            { role: 'user', permission: { columns: ['id', 'name'], filter: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
          ],
        },
        {
          table: { schema: 'public', name: 'team_member' },
          object_relationships: [{ name: 'team', using: { foreign_key_constraint_on: 'team_id' } }],
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['team_id', 'user_id'], check: { team: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
            },
          ],
          select_permissions: [
            {
              role: 'user',
              permission: { columns: ['team_id', 'user_id'], filter: { team: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
            },
          ],
        },
        {
          table: { schema: 'public', name: 'counter' },
          insert_permissions: [{ role: 'user', permission: { columns: '*', check: {} } }],
          select_permissions: [{ role: 'user', permission: { columns: '*', filter: {} } }],
          update_permissions: [{ role: 'user', permission: { columns: ['n'], filter: {} } }],
        },
      ],
      functions: [{ function: { schema: 'public', name: 'bump_counter' }, permissions: [{ role: 'user' }] }],
    },
  ],
} as unknown as Metadata

export interface MutationEngine {
  /** POSTs to `/v1/graphql` as admin, or as role `user` with `user` as its id; expects 200. */
  graphql(query: string, options?: { variables?: Record<string, unknown>; user?: string }): Promise<GraphqlAnswer>
  /** The rows of `table`, counted in SQL. */
  count(table: string): Promise<number>
  /** The database under the engine, for checks in SQL. */
  readonly db: Database
}

/**
 * Registers the test file's hooks: a database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with
 * the tables above and the engine's routes over it, in the test's process.
 */
export function useMutationEngine(): MutationEngine {
  let db: (Database & { dispose(): Promise<void> }) | undefined
  let app: Hono | undefined

  beforeAll(async () => {
    db = await openTestDatabase()
    // Permission checks call hdb_catalog's helper, which the backend creates with its system schemas.
    await applySystemSchemas(db)
    await db.script(SETUP)
    const context: BackendContext = {
      config: {
        adminSecret: ADMIN_SECRET,
        unauthorizedRole: 'anonymous',
        stringifyNumericTypes: true,
        graphql: { maxRequestBytes: 10_000_000, maxDepth: 10 },
      } as BackendConfig,
      db,
      log: createLogger('silent'),
      metadata: new MetadataStore(METADATA),
    }
    app = new Hono()
    app.route('/', graphqlRoutes(context, createGraphqlEngine(context)))
  }, 60_000)

  afterAll(async () => {
    await db?.dispose()
  })

  return {
    get db() {
      if (!db) throw new Error('the mutation engine is used before beforeAll has started it')
      return db
    },
    async graphql(query, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }
      if (options.user) Object.assign(headers, { 'x-hasura-role': 'user', 'x-hasura-user-id': options.user })
      const response = await app!.request('/v1/graphql', {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables: options.variables }),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as GraphqlAnswer
    },
    async count(table) {
      const { rows } = await db!.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
      return rows[0]?.n ?? 0
    },
  }
}

export interface GraphqlAnswer {
  data?: Record<string, unknown>
  errors?: { message: string; extensions: { code: string; path: string; internal?: unknown } }[]
}
