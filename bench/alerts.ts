import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend } from '../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'

/**
 * Alert evaluation (issue 12): `evaluate_alert_rules()` over N enabled rules, on PGlite (or
 * TEST_DATABASE_URL). Each metric holds 30 points of the last 5 minutes and carries 10 rules, half
 * of them breached. "first" is the run that moves every breached rule and opens its alert;
 * "steady" the runs after it, where nothing changes (the usual case every 10 s). Side by side:
 * the statement alone, and the same call as the evaluate-alerts function makes it (GraphQL
 * mutation with the admin secret, over HTTP).
 *   npm run bench -- alerts [rules…]   (default 100 1000 10000)
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchAlerts(sizes: number[]): Promise<string[]> {
  const rows = ['| rules | first run ms | steady run ms (median of 5) | via GraphQL steady ms | GraphQL / SQL |', '|---|---|---|---|---|']
  for (const size of sizes) rows.push(await benchSize(size))
  return rows
}

async function benchSize(rules: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-alerts-'))
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: 'bench', PULSEBOARD_DEMO: '0' },
    database: target,
    log: createLogger('warn'),
  })
  const db = backend.context.db
  try {
    const signUp = await fetch(`${backend.url}/v1/auth/signup/email-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }),
    })
    const userId = ((await signUp.json()) as { session: { user: { id: string } } }).session.user.id
    const metrics = Math.ceil(rules / 10)
    const workspaces = Math.ceil(metrics / 500)
    await db.query(
      `INSERT INTO public.workspaces (name, slug, created_by) SELECT 'Bench ' || w, 'bench-' || w, '${userId}' FROM generate_series(1, ${workspaces}) w`,
    )
    await db.query(`INSERT INTO public.metrics (workspace_id, key, name)
      SELECT (SELECT id FROM public.workspaces WHERE slug = 'bench-' || (1 + (m - 1) / 500)), 'm' || m, 'Metric ' || m FROM generate_series(1, ${metrics}) m`)
    await db.query(`INSERT INTO public.points (metric_id, ts, value)
      SELECT id, now() - make_interval(secs => 10 * s), s FROM public.metrics, generate_series(1, 30) s`)
    // Points average 15.5: thresholds 10 (breached) and 20 (not) alternate.
    await db.query(`INSERT INTO public.alert_rules (metric_id, name, comparator, threshold, window_seconds, for_seconds, created_by)
      SELECT m.id, 'r' || r, 'gt', CASE WHEN r % 2 = 0 THEN 10 ELSE 20 END, 600, 0, '${userId}'
      FROM public.metrics m, generate_series(1, 10) r LIMIT ${rules}`)
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now()
      await run()
      return performance.now() - start
    }
    const sql = () => db.query('SELECT count(*) FROM public.evaluate_alert_rules()')
    const graphql = () =>
      fetch(`${backend.url}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'bench' },
        body: JSON.stringify({ query: 'mutation { evaluate_alert_rules { id } }' }),
      }).then((r) => r.json())
    const first = await time(sql)
    const opened = (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM public.alerts')).rows[0]!.n
    if (Number(opened) !== Math.floor(rules / 2)) throw new Error(`expected ${Math.floor(rules / 2)} alerts, found ${opened}`)
    const steady: number[] = []
    const viaGraphql: number[] = []
    for (let i = 0; i < 5; i++) {
      steady.push(await time(sql))
      viaGraphql.push(await time(graphql))
    }
    return `| ${rules.toLocaleString('en-US')} | ${first.toFixed(1)} | ${median(steady).toFixed(1)} | ${median(viaGraphql).toFixed(1)} | ${(median(viaGraphql) / median(steady)).toFixed(2)} |`
  } finally {
    await backend.stop()
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
