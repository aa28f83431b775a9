/**
 * Two real `@nhost/nhost-js` clients in a process of their own, run by
 * tests/integration/nhost-js-session-lifetimes.test.ts (a client whose refresh loops on itself
 * never yields to the event loop, so it must not share the test's):
 * - `user`: signs up with email and password, sets up a workspace, a metric and a personal access
 *   token, then reads the workspace every 2 s, as a page does;
 * - `writer`: the demo's point writer (demo/point-writer.ts), signed in with that token, writing a
 *   point every second.
 * Prints one JSON line per event: each session change of either client, each failed read, the
 * writer's log lines, and a summary after SESSION_CLIENT_SECONDS.
 *
 *   node --import tsx tests/support/nhost-session-client.ts   (SESSION_CLIENT_URL, SESSION_CLIENT_SECONDS)
 */
import { createClient, type NhostClient } from '@nhost/nhost-js'
import { MemoryStorage } from '@nhost/nhost-js/session'
import { DEMO_METRICS } from '../../demo/demo-content.ts'
import { requestGraphql } from '../../demo/graphql-request.ts'
import { startPointWriter } from '../../demo/point-writer.ts'
import { CreateMetricDocument, CreateWorkspaceDocument, DemoWorkspaceDocument } from '../../src/gql/graphql.ts'

export type SessionClientEvent =
  | { kind: 'session'; client: 'user' | 'writer'; at: number; exp: number | null; token: string | null }
  | { kind: 'read-failed'; at: number; message: string }
  | { kind: 'writer-log'; at: number; line: string }
  | { kind: 'done'; at: number; reads: number; written: number; lastPointTs: string | null }

const url = process.env.SESSION_CLIENT_URL!
const seconds = Number(process.env.SESSION_CLIENT_SECONDS)
const WORKSPACE = { name: 'Sessions', slug: 'sessions' }

const report = (event: SessionClientEvent) => console.log(JSON.stringify(event))

/** A client on the backend's Nhost base URLs, each ending in /v1 as nhost-js's refresh needs. */
function nhostClient(name: 'user' | 'writer'): NhostClient {
  const nhost = createClient({
    authUrl: `${url}/auth/v1`,
    graphqlUrl: `${url}/graphql/v1`,
    storageUrl: `${url}/storage/v1`,
    functionsUrl: `${url}/functions/v1`,
    storage: new MemoryStorage(),
  })
  nhost.sessionStorage.onChange((session) =>
    // The token's signature tells sessions apart: nhost-js stores each refreshed session twice.
    report({
      kind: 'session',
      client: name,
      at: Date.now(),
      exp: session?.decodedToken.exp ?? null,
      token: session?.accessToken.slice(-16) ?? null,
    }),
  )
  return nhost
}

const user = nhostClient('user')
await user.auth.signUpEmailPassword({ email: 'sessions@example.com', password: 'correct-horse-battery' })
await requestGraphql(user, CreateWorkspaceDocument, WORKSPACE)
const [workspace] = (await requestGraphql(user, DemoWorkspaceDocument, { slug: WORKSPACE.slug })).workspaces
const metric = DEMO_METRICS[0]!
const created = await requestGraphql(user, CreateMetricDocument, { workspaceId: workspace!.id, ...metric })
const { body: pat } = await user.auth.createPAT({
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  metadata: { name: 'writer' },
})

const writer = await startPointWriter({
  nhost: nhostClient('writer'),
  personalAccessToken: pat.personalAccessToken,
  metrics: [{ id: created.insert_metrics_one!.id, metric, lastTs: null }],
  intervalMs: 1000,
  refreshMarginSeconds: 60,
  // The writer logs only when a write fails, and when writing works again after that.
  log: (line) => report({ kind: 'writer-log', at: Date.now(), line }),
})

const end = Date.now() + seconds * 1000
let reads = 0
let lastPointTs: string | null = null
while (Date.now() < end) {
  try {
    const [read] = (await requestGraphql(user, DemoWorkspaceDocument, { slug: WORKSPACE.slug })).workspaces
    lastPointTs = read?.metrics[0]?.last_ts ?? null
    reads++
  } catch (error) {
    report({ kind: 'read-failed', at: Date.now(), message: error instanceof Error ? error.message : String(error) })
  }
  await new Promise((resolve) => setTimeout(resolve, 2000))
}
await writer.stop()
report({ kind: 'done', at: Date.now(), reads, written: writer.written, lastPointTs })
