import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { getMainDefinition } from '@apollo/client/utilities'
import { createClient as createNhostClient } from '@nhost/nhost-js'
import { OperationTypeNode } from 'graphql'
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import {
  AddPointDocument,
  CreateDashboardDocument,
  CreateMetricDocument,
  CreateWorkspaceDocument,
  MetricSeriesDocument,
  MyWorkspacesDocument,
  WorkspaceMetricsDocument,
} from '../../src/gql/graphql.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * SPEC §6 through the clients the product uses: users signed in with `@nhost/nhost-js`, the app's
 * generated operations sent by Apollo Client over HTTP and graphql-ws. Membership decides
 * everything: another workspace's metrics, points and dashboards stay invisible to queries and
 * subscriptions, a viewer reads but cannot write, and a point from a third-party client reaches a
 * subscribed panel within two seconds.
 */

const ADMIN_SECRET = 'workspace-access-admin-secret'
const PASSWORD = 'correct-horse-9'

let backend: RunningBackend
let dataDir: string
let dropDatabase: () => Promise<void>
const sockets: WsClient[] = []

interface Member {
  id: string
  token: string
  apollo: ApolloClient
}

async function signUp(email: string): Promise<Member> {
  const nhost = createNhostClient({
    authUrl: `${backend.url}/v1/auth`,
    graphqlUrl: `${backend.url}/v1/graphql`,
    storageUrl: `${backend.url}/v1/storage`,
    functionsUrl: `${backend.url}/v1/functions`,
  })
  const { body } = await nhost.auth.signUpEmailPassword({ email, password: PASSWORD })
  const session = body.session!
  const headers = { Authorization: `Bearer ${session.accessToken}` }
  const socket = createWsClient({
    url: `${backend.url.replace('http', 'ws')}/v1/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { headers },
  })
  sockets.push(socket)
  const link = ApolloLink.split(
    ({ query }) => {
      const definition = getMainDefinition(query)
      return definition.kind === 'OperationDefinition' && definition.operation === OperationTypeNode.SUBSCRIPTION
    },
    new GraphQLWsLink(socket),
    new HttpLink({ uri: `${backend.url}/v1/graphql`, headers }),
  )
  return { id: session.user!.id, token: session.accessToken, apollo: new ApolloClient({ link, cache: new InMemoryCache() }) }
}

/** Test set-up the app has no screen for yet (invitations come later): the admin adds a member. */
async function addMember(workspaceId: string, userId: string, role: 'editor' | 'viewer'): Promise<void> {
  const response = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify({
      query: 'mutation ($m: workspace_members_insert_input!) { insert_workspace_members_one(object: $m) { role } }',
      variables: { m: { workspace_id: workspaceId, user_id: userId, role } },
    }),
  })
  expect(await response.json()).toEqual({ data: { insert_workspace_members_one: { role } } })
}

/** Hasura's `insert_workspaces_one` returns null to the creator (the owner row is written by a trigger in the same statement), so the id is read back. */
async function createWorkspace(member: Member, slug: string): Promise<string> {
  await member.apollo.mutate({ mutation: CreateWorkspaceDocument, variables: { name: slug, slug } })
  const { data } = await member.apollo.query({ query: MyWorkspacesDocument, fetchPolicy: 'network-only' })
  return data!.workspaces.find((w) => w.slug === slug)!.id
}

async function createMetric(member: Member, workspaceId: string, key: string): Promise<string> {
  const { data } = await member.apollo.mutate({
    mutation: CreateMetricDocument,
    variables: { workspaceId, key, name: key, unit: 'ms', description: '' },
  })
  return data!.insert_metrics_one!.id
}

/** The GraphQL error codes a rejected operation carries, whichever way Apollo reports them. */
async function refusalCodes(operation: Promise<unknown>): Promise<string[]> {
  try {
    await operation
  } catch (error) {
    const errors = (error as { errors?: { extensions?: { code?: string } }[] }).errors ?? []
    return errors.map((e) => e.extensions?.code ?? 'none')
  }
  throw new Error('the operation was expected to be refused')
}

let ada: Member
let bob: Member
let vic: Member
let lab: string
let labLatency: string
let ops: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-access-it-'))
  const { target, drop } = await createTestDatabaseTarget()
  dropDatabase = drop
  backend = await startBackend({
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET },
    database: target,
    log: createLogger('silent'),
  })
  ;[ada, bob, vic] = [await signUp('ada@example.com'), await signUp('bob@example.com'), await signUp('vic@example.com')]
  lab = await createWorkspace(ada, 'greenhouse-lab')
  ops = await createWorkspace(bob, 'ops-team')
  labLatency = await createMetric(ada, lab, 'api.latency_ms')
  await createMetric(bob, ops, 'ops.queue_depth')
  await addMember(lab, vic.id, 'viewer')
})

afterAll(async () => {
  for (const socket of sockets) await socket.dispose()
  await backend?.stop()
  await dropDatabase?.()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('membership decides what a user sees', () => {
  it('lists only the workspaces the user belongs to', async () => {
    const slugs = async (m: Member) =>
      (await m.apollo.query({ query: MyWorkspacesDocument, fetchPolicy: 'network-only' })).data!.workspaces.map((w) => w.slug)
    expect(await slugs(ada)).toEqual(['greenhouse-lab'])
    expect(await slugs(bob)).toEqual(['ops-team'])
    expect(await slugs(vic)).toEqual(['greenhouse-lab'])
  })

  it('never shows another workspace’s metrics or series, even when asked by id', async () => {
    const metricKeys = (workspaceId: string) =>
      new Promise<string[]>((resolve, reject) => {
        const sub = bob.apollo.subscribe({ query: WorkspaceMetricsDocument, variables: { workspaceId } }).subscribe({
          next: (r) => {
            sub.unsubscribe()
            resolve(r.data!.metrics.map((m) => m.key))
          },
          error: reject,
        })
      })
    expect(await metricKeys(ops)).toEqual(['ops.queue_depth'])
    expect(await metricKeys(lab)).toEqual([])

    await ada.apollo.mutate({ mutation: AddPointDocument, variables: { metricId: labLatency, ts: new Date().toISOString(), value: 42 } })
    const series = bob.apollo.subscribe({
      query: MetricSeriesDocument,
      variables: {
        metricId: labLatency,
        bucketSeconds: 60,
        since: new Date(Date.now() - 3_600_000).toISOString(),
        until: new Date(Date.now() + 60_000).toISOString(),
        aggregation: 'avg',
      },
    })
    const seen = await new Promise<unknown>((resolve, reject) => {
      const sub = series.subscribe({
        next: (r) => {
          sub.unsubscribe()
          resolve(r.data)
        },
        error: reject,
      })
    })
    expect(seen).toEqual({ metric_series: [] })
  })

  it('refuses writes into a workspace the user is not a member of', async () => {
    expect(
      await refusalCodes(
        bob.apollo.mutate({ mutation: AddPointDocument, variables: { metricId: labLatency, ts: new Date().toISOString(), value: 1 } }),
      ),
    ).toEqual(['permission-error'])
    expect(
      await refusalCodes(
        bob.apollo.mutate({ mutation: CreateDashboardDocument, variables: { workspaceId: lab, title: 'Mine now', description: '' } }),
      ),
    ).toEqual(['permission-error'])
  })
})

describe('a viewer', () => {
  it('reads the workspace’s metrics', async () => {
    const { data } = await vic.apollo.query({ query: MyWorkspacesDocument, fetchPolicy: 'network-only' })
    expect(data!.workspaces).toHaveLength(1)
    const metrics = await new Promise<unknown>((resolve, reject) => {
      const sub = vic.apollo.subscribe({ query: WorkspaceMetricsDocument, variables: { workspaceId: lab } }).subscribe({
        next: (r) => {
          sub.unsubscribe()
          resolve(r.data)
        },
        error: reject,
      })
    })
    expect((metrics as { metrics: { key: string }[] }).metrics.map((m) => m.key)).toEqual(['api.latency_ms'])
  })

  it('cannot write points, metrics or dashboards', async () => {
    expect(
      await refusalCodes(
        vic.apollo.mutate({ mutation: AddPointDocument, variables: { metricId: labLatency, ts: new Date().toISOString(), value: 1 } }),
      ),
    ).toEqual(['permission-error'])
    expect(
      await refusalCodes(
        vic.apollo.mutate({
          mutation: CreateMetricDocument,
          variables: { workspaceId: lab, key: 'viewer.metric', name: 'x', unit: '', description: '' },
        }),
      ),
    ).toEqual(['permission-error'])
    expect(
      await refusalCodes(
        vic.apollo.mutate({ mutation: CreateDashboardDocument, variables: { workspaceId: lab, title: 'Viewer board', description: '' } }),
      ),
    ).toEqual(['permission-error'])
  })
})

describe('a point from a third-party client', () => {
  it('reaches a subscribed panel within two seconds', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString()
    const until = new Date(Date.now() + 3_600_000).toISOString()
    const value = 1234.5
    let writtenAt = 0
    const arrival = new Promise<number>((resolve, reject) => {
      const sub = ada.apollo
        .subscribe({
          query: MetricSeriesDocument,
          variables: { metricId: labLatency, bucketSeconds: 10, since, until, aggregation: 'max' },
        })
        .subscribe({
          next: (result) => {
            if (writtenAt && result.data?.metric_series.some((bucket) => bucket.value === value)) {
              sub.unsubscribe()
              resolve(Date.now() - writtenAt)
            }
          },
          error: reject,
        })
    })
    // Let the subscription deliver its first result before the write.
    await new Promise((r) => setTimeout(r, 300))

    // The third-party client: plain HTTP with a token, no Apollo, no browser.
    writtenAt = Date.now()
    const response = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({
        query: 'mutation Write($p: points_insert_input!) { insert_points_one(object: $p) { id } }',
        variables: { p: { metric_id: labLatency, ts: new Date().toISOString(), value } },
      }),
    })
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined()
    expect(await arrival).toBeLessThan(2_000)
  })
})
