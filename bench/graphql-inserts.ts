import type { BackendConfig } from '../backend/config/load-config.ts'
import { openDatabase } from '../backend/db/open-database.ts'
import { applySystemSchemas } from '../backend/db/system/apply-system-schemas.ts'
import { createGraphqlEngine } from '../backend/engine/execute/graphql-engine.ts'
import { createLogger } from '../backend/lib/logger.ts'
import { join, sql } from '../backend/lib/sql.ts'
import { MetadataStore } from '../backend/metadata/store/metadata-store.ts'
import type { Metadata } from '../backend/metadata/model/types.ts'
import type { Session } from '../backend/session/session.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'

/**
 * Insert benchmark (issue 4): rows per second inserted in batches of 1 and of 1,000, (a) through
 * the engine (`insert_point` with `returning { id }`, as role `user` with an insert check, in
 * process: parse/plan cache, binding, the transaction with `hasura.user`) and (b) the same
 * multi-row INSERT … RETURNING id sent straight to the database: the floor.
 *
 *   npm run bench -- graphql-inserts [seconds]                      # PGlite in memory
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- graphql-inserts [seconds]
 */
const SETUP = `
CREATE TABLE point (
  id bigserial PRIMARY KEY,
  metric_id integer NOT NULL,
  ts timestamptz NOT NULL,
  value double precision NOT NULL
);`

const METADATA = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      configuration: {},
      tables: [
        {
          table: { schema: 'public', name: 'point' },
          insert_permissions: [{ role: 'user', permission: { columns: ['metric_id', 'ts', 'value'], check: { metric_id: { _gt: 0 } } } }],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'metric_id', 'ts', 'value'], filter: {} } }],
        },
      ],
    },
  ],
} as unknown as Metadata

const session: Session = {
  role: 'user',
  isAdmin: false,
  adminSecretUsed: true,
  variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '1' },
}

const MUTATION = `mutation Insert($objects: [point_insert_input!]!) { insert_point(objects: $objects) { affected_rows returning { id } } }`

function rows(batch: number, start: number): { metric_id: number; ts: string; value: number }[] {
  return Array.from({ length: batch }, (_, i) => ({
    metric_id: 1 + ((start + i) % 50),
    ts: new Date(1_700_000_000_000 + (start + i) * 1000).toISOString(),
    value: (start + i) / 7,
  }))
}

/**
 * Rows per second of each way of inserting, measured in alternating half-second turns for
 * `seconds` each, so that the machine's load (other work, Postgres' checkpoints) falls on both alike.
 */
async function rowsPerSecond(seconds: number, batch: number, ways: ((start: number) => Promise<void>)[]): Promise<number[]> {
  const inserted = ways.map(() => 0)
  const elapsed = ways.map(() => 0)
  let start = 0
  for (let turn = 0; turn < seconds * 2; turn++) {
    for (const [i, insert] of ways.entries()) {
      const started = performance.now()
      while (performance.now() - started < 500) {
        await insert(start)
        start += batch
        inserted[i] = (inserted[i] ?? 0) + batch
      }
      elapsed[i] = (elapsed[i] ?? 0) + (performance.now() - started)
    }
  }
  return inserted.map((rows, i) => rows / ((elapsed[i] ?? 1) / 1000))
}

export async function benchGraphqlInserts(seconds = 5): Promise<string[]> {
  const { target, drop } = await createTestDatabaseTarget()
  const db = await openDatabase(target)
  // The engine runs on a database the backend prepared (permission checks call hdb_catalog's helper).
  await applySystemSchemas(db)
  await db.script(SETUP)
  const engine = createGraphqlEngine({
    config: {
      adminSecret: 'bench',
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: true,
      graphql: { maxRequestBytes: 50_000_000, maxDepth: 10 },
    } as BackendConfig,
    db,
    log: createLogger('warn'),
    metadata: new MetadataStore(METADATA),
  })
  const lines = [
    `${db.description}, ${seconds} s of each way per row in alternating half-second turns, one client, sequential requests.`,
    '',
    '| batch | engine rows/s | direct INSERT rows/s | engine / direct |',
    '|---|---|---|---|',
  ]
  for (const batch of [1, 1_000]) {
    const viaEngine = async (start: number) => {
      const answer = await engine.execute({ query: MUTATION, variables: { objects: rows(batch, start) } }, session)
      if (!answer.startsWith('{"data"')) throw new Error(answer)
    }
    const direct = async (start: number) => {
      const tuples = rows(batch, start).map((r) => sql`(${r.metric_id}::integer, ${r.ts}::timestamptz, ${r.value}::double precision)`)
      await db.query(sql`INSERT INTO point (metric_id, ts, value) VALUES ${join(tuples)} RETURNING id`)
    }
    const [engineRate = 0, directRate = 1] = await rowsPerSecond(seconds, batch, [viaEngine, direct])
    lines.push(`| ${batch} | ${Math.round(engineRate)} | ${Math.round(directRate)} | ${(engineRate / directRate).toFixed(2)} |`)
  }
  await db.close()
  await drop()
  return lines
}
