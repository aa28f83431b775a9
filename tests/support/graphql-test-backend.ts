import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type Client } from 'graphql-ws'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from './test-database.ts'

export const ADMIN_SECRET = 'graphql-test-admin-secret'
const JWT_KEY = 'graphql-test-jwt-key-of-at-least-32-characters'
const MAX_KEPT_LOG_LINES = 1_000

/**
 * The real backend on port 0 over a fresh database, with an empty project folder (the test
 * brings its own tables and metadata through the admin APIs), and the means to talk to it.
 */
export interface GraphqlTestBackend {
  url: string
  /** The project folder and the environment it started with: a second instance starts alike. */
  dataDir: string
  env: Record<string, string>
  /** The backend's latest log lines (info and above), kept in memory rather than printed. */
  logs: string[]
  /** The PostgreSQL database it runs on, undefined on PGlite. */
  databaseUrl: string | undefined
  wsUrl: string
  /** POSTs JSON and returns the answer; throws on any status but 200. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<unknown>
  admin(path: string, body: unknown): Promise<unknown>
  runSql(sql: string): Promise<unknown>
  /** A token for role `user` with `x-hasura-user-id: userId`, signed with the backend's key. */
  jwt(userId: string, expiresInSeconds?: number): Promise<string>
  /** A graphql-ws client authenticated with `token`, disposed by `disposeClients`. */
  wsClient(token: string): Client
  /** Has `disposeClients` dispose a client the test made with its own options. */
  track(client: Client): Client
  disposeClients(): Promise<void>
  stop(): Promise<void>
}

/** `nhostToml`: the project's `nhost/nhost.toml`, for tests of the services it configures (auth). */
export async function startGraphqlTestBackend(env: Record<string, string> = {}, nhostToml?: string): Promise<GraphqlTestBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-graphql-it-'))
  if (nhostToml) {
    mkdirSync(join(dataDir, 'nhost'))
    writeFileSync(join(dataDir, 'nhost', 'nhost.toml'), nhostToml)
  }
  const { target, drop } = await createTestDatabaseTarget()
  const backendEnv = {
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
    HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: JWT_KEY }),
    ...env,
  }
  const logs: string[] = []
  const keepLine = (line: string) => {
    if (logs.push(line) > MAX_KEPT_LOG_LINES) logs.shift()
  }
  const backend = await startBackend({
    projectDir: dataDir,
    env: backendEnv,
    database: target,
    log: createLogger('info', keepLine),
  })
  const wsUrl = `${backend.url.replace('http', 'ws')}/v1/graphql`
  const clients: Client[] = []

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> => {
    const response = await fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`)
    return json
  }
  const admin = (path: string, body: unknown) => post(path, body, { 'x-hasura-admin-secret': ADMIN_SECRET })
  const track = (client: Client): Client => {
    clients.push(client)
    return client
  }
  const disposeClients = async (): Promise<void> => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()))
  }

  return {
    url: backend.url,
    dataDir,
    env: backendEnv,
    logs,
    databaseUrl: target.kind === 'postgres' ? target.url : undefined,
    wsUrl,
    post,
    admin,
    runSql: (sql) => admin('/v2/query', { type: 'run_sql', args: { source: 'default', sql } }),
    async jwt(userId, expiresInSeconds = 600) {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({
        'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': userId },
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(new TextEncoder().encode(JWT_KEY))
    },
    wsClient: (token) =>
      track(createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { headers: { Authorization: `Bearer ${token}` } } })),
    track,
    disposeClients,
    async stop() {
      await disposeClients()
      await backend.stop()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
