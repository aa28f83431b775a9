import { createHmac } from 'node:crypto'
import { createClient, type NhostClient } from '@nhost/nhost-js'
import { FetchError } from '@nhost/nhost-js/fetch'
import { MemoryStorage } from '@nhost/nhost-js/session'
import {
  AddPanelDocument,
  CreateDashboardDocument,
  CreateMetricDocument,
  CreateWorkspaceDocument,
  DemoWorkspaceDocument,
  type DemoWorkspaceQuery,
} from '../src/gql/graphql.ts'
import { DEMO_DASHBOARD, DEMO_METRICS, DEMO_WORKSPACE } from './demo-content.ts'
import { requestGraphql } from './graphql-request.ts'
import { startPointWriter, type PointWriter } from './point-writer.ts'

export const DEMO_EMAIL = 'demo@example.com'

export interface DemoOptions {
  /** Where the backend answers, e.g. http://127.0.0.1:1337. */
  url: string
  /**
   * Seeds the demo password (so that it stays the same across restarts and differs between
   * deployments with their own secret) and asks whether the database is empty. The demo's own
   * calls never send it: they are a signed-in user's.
   */
  adminSecret: string
  intervalMs?: number
  refreshMarginSeconds?: number
  log?: (line: string) => void
}

export type DemoStart =
  | { running: true; email: string; password: string; dashboardPath: string; writer: PointWriter; stop(): Promise<void> }
  | { running: false; reason: string }

/**
 * The demo of `npm start` (issue 7): on an empty database it signs up a demo user through the
 * Auth API, creates a workspace, metrics and a dashboard through the GraphQL API, then keeps
 * writing points as a third-party client would. On a later start it signs in as that user,
 * completes whatever is missing and resumes. A database that already has other users gets no
 * demo user.
 */
export async function startDemo(options: DemoOptions): Promise<DemoStart> {
  const log = options.log ?? ((line: string) => console.log(line))
  const password = demoPassword(options.adminSecret)
  const owner = nhostClient(options.url)

  if (!(await signInOwner(owner, password))) {
    if (!(await isDatabaseEmpty(options.url, options.adminSecret))) {
      // Also when the demo user exists but the admin secret, and so its password, has changed.
      return { running: false, reason: `the database already has users and none of them signs in as ${DEMO_EMAIL} with the demo password` }
    }
    await owner.auth.signUpEmailPassword({ email: DEMO_EMAIL, password, options: { displayName: 'Demo' } })
    log(`demo: created the user ${DEMO_EMAIL}`)
  }

  const workspace = await ensureDemoWorkspace(owner, log)
  // The writer is a separate client with a token of its own, as a device or CI job would have.
  const { body: pat } = await owner.auth.createPAT({
    expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    metadata: { name: 'Pulseboard demo point writer' },
  })
  await owner.auth.signOut({ refreshToken: owner.getUserSession()?.refreshToken })

  const metrics = DEMO_METRICS.map((metric) => {
    const stored = workspace.metrics.find((m) => m.key === metric.key)
    if (!stored) throw new Error(`demo metric ${metric.key} is missing`)
    return { id: stored.id, metric, lastTs: stored.last_ts }
  })
  const writer = await startPointWriter({
    nhost: nhostClient(options.url),
    personalAccessToken: pat.personalAccessToken,
    metrics,
    intervalMs: options.intervalMs ?? 1000,
    refreshMarginSeconds: options.refreshMarginSeconds ?? 60,
    log,
  })
  return {
    running: true,
    email: DEMO_EMAIL,
    password,
    dashboardPath: `/w/${DEMO_WORKSPACE.slug}/dashboards/${workspace.dashboards[0]!.id}`,
    writer,
    stop: () => writer.stop(),
  }
}

/** base64url of HMAC-SHA256(admin secret, purpose), 20 characters: stable, and secret as the secret is. */
export function demoPassword(adminSecret: string): string {
  return createHmac('sha256', adminSecret).update('pulseboard demo user password').digest('base64url').slice(0, 20)
}

function nhostClient(url: string): NhostClient {
  return createClient({
    // Base URLs ending in /v1, as nhost-js's session refresh needs (see src/lib/env.ts).
    authUrl: `${url}/auth/v1`,
    graphqlUrl: `${url}/graphql/v1`,
    storageUrl: `${url}/storage/v1`,
    functionsUrl: `${url}/functions/v1`,
    storage: new MemoryStorage(),
  })
}

async function signInOwner(owner: NhostClient, password: string): Promise<boolean> {
  try {
    await owner.auth.signInEmailPassword({ email: DEMO_EMAIL, password })
    return true
  } catch (error) {
    if (error instanceof FetchError && error.status === 401) return false
    throw error
  }
}

/** Hasura's admin API (what a deployment script would ask): are there any users yet? */
async function isDatabaseEmpty(url: string, adminSecret: string): Promise<boolean> {
  const response = await fetch(`${url}/graphql/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret },
    body: JSON.stringify({ query: 'query DemoUserCount { usersAggregate { aggregate { count } } }' }),
  })
  const body = (await response.json()) as { data?: { usersAggregate: { aggregate: { count: number } } }; errors?: unknown }
  if (!body.data) throw new Error(`demo: could not count users: ${JSON.stringify(body.errors)}`)
  return body.data.usersAggregate.aggregate.count === 0
}

type DemoWorkspace = NonNullable<DemoWorkspaceQuery['workspaces'][number]>

/** Creates what is missing of the workspace, its metrics and its dashboard; returns them all. */
async function ensureDemoWorkspace(owner: NhostClient, log: (line: string) => void): Promise<DemoWorkspace> {
  const find = async () => (await requestGraphql(owner, DemoWorkspaceDocument, { slug: DEMO_WORKSPACE.slug })).workspaces[0]
  let workspace = await find()
  if (!workspace) {
    await requestGraphql(owner, CreateWorkspaceDocument, DEMO_WORKSPACE)
    log(`demo: created the workspace ${DEMO_WORKSPACE.slug}`)
    workspace = (await find())!
  }
  const missing = DEMO_METRICS.filter((metric) => !workspace!.metrics.some((m) => m.key === metric.key))
  for (const { key, name, unit, description } of missing) {
    await requestGraphql(owner, CreateMetricDocument, { workspaceId: workspace.id, key, name, unit, description })
  }
  if (missing.length > 0) workspace = (await find())!
  if (workspace.dashboards.length === 0) {
    const { title, description, panels } = DEMO_DASHBOARD
    const created = await requestGraphql(owner, CreateDashboardDocument, { workspaceId: workspace.id, title, description })
    const dashboardId = created.insert_dashboards_one!.id
    for (const [position, panel] of panels.entries()) {
      const metric = workspace.metrics.find((m) => m.key === panel.metricKey)!
      await requestGraphql(owner, AddPanelDocument, {
        dashboardId,
        metricId: metric.id,
        title: panel.title,
        kind: panel.kind,
        aggregation: panel.aggregation,
        bucketSeconds: panel.bucketSeconds,
        thresholds: [],
        series: [],
        position,
        width: panel.width,
      })
    }
    log(`demo: created the dashboard "${title}" with ${panels.length} panels`)
    workspace = (await find())!
  }
  return workspace
}
