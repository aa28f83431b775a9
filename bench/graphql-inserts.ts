import type { BackendConfig } from '../backend/config/load-config.ts'
import { openDatabase } from '../backend/db/open-database.ts'
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

async function rowsPerSecond(seconds: number, batch: number, insert: (start: number) => Promise<void>): Promise<number> {
  let inserted = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  while (performance.now() < deadline) {
    await insert(inserted)
    inserted += batch
  }
  return inserted / ((performance.now() - started) / 1000)
}

export async function benchGraphqlInserts(seconds = 5): Promise<string[]> {
  const { target, drop } = await createTestDatabaseTarget()
  const db = await openDatabase(target)
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
    `${db.description}, ${seconds} s per row, one client, sequential requests.`,
    '',
    '| batch | engine rows/s | direct INSERT rows/s | engine / direct |',
    '|---|---|---|---|',
  ]
  for (const batch of [1, 1_000]) {
    const viaEngine = await rowsPerSecond(seconds, batch, async (start) => {
      const answer = await engine.execute({ query: MUTATION, variables: { objects: rows(batch, start) } }, session)
      if (!answer.startsWith('{"data"')) throw new Error(answer)
    })
    const direct = await rowsPerSecond(seconds, batch, async (start) => {
      const tuples = rows(batch, start).map((r) => sql`(${r.metric_id}::integer, ${r.ts}::timestamptz, ${r.value}::double precision)`)
      await db.query(sql`INSERT INTO point (metric_id, ts, value) VALUES ${join(tuples)} RETURNING id`)
    })
    lines.push(`| ${batch} | ${Math.round(viaEngine)} | ${Math.round(direct)} | ${(viaEngine / direct).toFixed(2)} |`)
  }
  await db.close()
  await drop()
  return lines
}
