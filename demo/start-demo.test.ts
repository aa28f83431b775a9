import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type NhostClient } from '@nhost/nhost-js'
import { MemoryStorage } from '@nhost/nhost-js/session'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'
import { DEMO_DASHBOARD, DEMO_METRICS } from './demo-content.ts'
import { DEMO_EMAIL, demoPassword, startDemo, type DemoStart } from './start-demo.ts'

/**
 * The demo against the real backend over HTTP: what it creates, points arriving every tick
 * (read back by the demo user through GraphQL), a restart that resumes instead of duplicating,
 * and a database with other users left alone.
 */

const ADMIN_SECRET = 'demo-test-admin-secret'
const cleanups: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function backendOnFreshDatabase(): Promise<RunningBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-demo-test-'))
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET },
    database: target,
    log: createLogger('silent'),
  })
  cleanups.push(async () => {
    await backend.stop()
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return backend
}

function client(backend: RunningBackend): NhostClient {
  return createClient({
    authUrl: `${backend.url}/v1/auth`,
    graphqlUrl: `${backend.url}/v1/graphql`,
    storageUrl: `${backend.url}/v1/storage`,
    functionsUrl: `${backend.url}/v1/functions`,
    storage: new MemoryStorage(),
  })
}

interface DemoView {
  workspaces: {
    slug: string
    metrics: { key: string; last_ts: string | null; points_aggregate: { aggregate: { count: number } } }[]
    dashboards: { id: string; panels: { kind: string }[] }[]
  }[]
}

/** What the demo user sees, through the same GraphQL API. */
async function demoView(viewer: NhostClient): Promise<DemoView> {
  const response = await viewer.graphql.request<DemoView>({
    query: `query DemoView {
      workspaces { slug
        metrics(order_by: { key: asc }) { key last_ts points_aggregate { aggregate { count } } }
        dashboards { id panels { kind } } } }`,
  })
  return response.body.data!
}

const pointCount = (view: DemoView) => view.workspaces[0]!.metrics.map((m) => m.points_aggregate.aggregate.count)

async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (isDone(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the npm start demo', () => {
  it('seeds an empty database, writes points every tick, and resumes after a restart', async () => {
    const backend = await backendOnFreshDatabase()
    const lines: string[] = []
    // A margin longer than the token's life refreshes the access token before every write.
    const options = {
      url: backend.url,
      adminSecret: ADMIN_SECRET,
      intervalMs: 200,
      refreshMarginSeconds: 3600,
      log: (l: string) => lines.push(l),
    }
    let demo: DemoStart = await startDemo(options)
    expect(demo.running).toBe(true)
    if (!demo.running) return
    cleanups.push(() => (demo.running ? demo.stop() : Promise.resolve()))
    expect(demo).toMatchObject({ email: DEMO_EMAIL, password: demoPassword(ADMIN_SECRET) })
    expect(demo.dashboardPath).toMatch(/^\/w\/demo\/dashboards\/[0-9a-f-]{36}$/)

    const viewer = client(backend)
    await viewer.auth.signInEmailPassword({ email: DEMO_EMAIL, password: demo.password })
    const first = await demoView(viewer)
    expect(first.workspaces.map((w) => w.slug)).toEqual(['demo'])
    expect(first.workspaces[0]!.metrics.map((m) => m.key)).toEqual(DEMO_METRICS.map((m) => m.key).sort())
    expect(first.workspaces[0]!.dashboards).toHaveLength(1)
    expect(first.workspaces[0]!.dashboards[0]!.panels.map((p) => p.kind).sort()).toEqual(DEMO_DASHBOARD.panels.map((p) => p.kind).sort())
    // The last hour is backfilled at one point per 10 s.
    for (const count of pointCount(first)) expect(count).toBeGreaterThan(300)

    // Ticks keep adding a point to every metric, through refreshed tokens.
    const later = await eventually(
      () => demoView(viewer),
      (view) => pointCount(view).every((n, i) => n >= pointCount(first)[i]! + 5),
    )
    pointCount(later).forEach((n, i) => expect(n).toBeGreaterThanOrEqual(pointCount(first)[i]! + 5))
    expect(lines.filter((l) => l.includes('could not write'))).toEqual([])

    // A restart finds the workspace, creates nothing twice and goes on writing.
    await demo.stop()
    const beforeRestart = pointCount(await demoView(viewer))
    demo = await startDemo(options)
    expect(demo.running).toBe(true)
    const resumed = await eventually(
      () => demoView(viewer),
      (view) => pointCount(view).every((n, i) => n > beforeRestart[i]!),
    )
    expect(resumed.workspaces).toHaveLength(1)
    expect(resumed.workspaces[0]!.metrics).toHaveLength(DEMO_METRICS.length)
    expect(resumed.workspaces[0]!.dashboards).toHaveLength(1)
    pointCount(resumed).forEach((n, i) => expect(n).toBeGreaterThan(beforeRestart[i]!))
    expect(lines.filter((l) => l.startsWith('demo: created'))).toHaveLength(3)
  }, 120_000)

  it('leaves a database that already has other users alone', async () => {
    const backend = await backendOnFreshDatabase()
    await client(backend).auth.signUpEmailPassword({ email: 'ada@example.com', password: 'correct-horse-9' })
    const demo = await startDemo({ url: backend.url, adminSecret: ADMIN_SECRET, log: () => {} })
    expect(demo).toEqual({
      running: false,
      reason: `the database already has users and none of them signs in as ${DEMO_EMAIL} with the demo password`,
    })
  }, 60_000)
})
