import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, withAdminSession, type NhostClient } from '@nhost/nhost-js'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from './test-database.ts'

const ADMIN_SECRET = 'storage-test-admin-secret'
const PASSWORD = 'correct-horse-9'

export interface StorageUser {
  id: string
  token: string
  nhost: NhostClient
}

/**
 * The real backend over this project's nhost/ folder (migrations with the storage buckets,
 * metadata with storage.files' permissions) on port 0 and a fresh database, with nhost-js clients
 * for signed-up users, for no session and for the admin secret.
 */
export interface StorageTestBackend {
  backend: RunningBackend
  url: string
  storageUrl: string
  dataDir: string
  adminSecret: string
  anonymous: NhostClient
  admin: NhostClient
  signUp(email: string): Promise<StorageUser>
  /** Runs GraphQL with the admin secret; throws on errors. */
  adminGraphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>
  /** Runs GraphQL as `user`; returns the whole answer (data or errors). */
  userGraphql(
    user: StorageUser,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }>
  /** A workspace created by `owner` (its owner by trigger), with the other members added by the admin. */
  createWorkspace(owner: StorageUser, slug: string, members?: { user: StorageUser; role: 'editor' | 'viewer' | 'owner' }[]): Promise<string>
  stop(): Promise<void>
}

export async function startStorageTestBackend(env: Record<string, string> = {}): Promise<StorageTestBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-storage-it-'))
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    env: {
      ...process.env,
      PORT: '0',
      PULSEBOARD_DATA_DIR: dataDir,
      HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
      PULSEBOARD_DEMO: '0',
      ...env,
    },
    database: target,
    log: createLogger('silent'),
  })
  const urls = {
    authUrl: `${backend.url}/v1/auth`,
    graphqlUrl: `${backend.url}/v1/graphql`,
    storageUrl: `${backend.url}/v1/storage`,
    functionsUrl: `${backend.url}/v1/functions`,
  }
  const graphql = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(urls.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    })
    return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
  }
  const adminGraphql = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const answer = await graphql({ 'x-hasura-admin-secret': ADMIN_SECRET }, query, variables)
    if (answer.errors) throw new Error(JSON.stringify(answer.errors))
    return answer.data as T
  }
  const userGraphql = (user: StorageUser, query: string, variables?: Record<string, unknown>) =>
    graphql({ authorization: `Bearer ${user.token}` }, query, variables)

  return {
    backend,
    url: backend.url,
    storageUrl: urls.storageUrl,
    dataDir,
    adminSecret: ADMIN_SECRET,
    anonymous: createClient(urls),
    admin: createClient({ ...urls, configure: [withAdminSession({ adminSecret: ADMIN_SECRET })] }),
    async signUp(email) {
      const nhost = createClient(urls)
      const { body } = await nhost.auth.signUpEmailPassword({ email, password: PASSWORD })
      return { id: body.session!.user!.id, token: body.session!.accessToken, nhost }
    },
    adminGraphql,
    userGraphql,
    async createWorkspace(owner, slug, members = []) {
      await userGraphql(owner, 'mutation ($n: String!) { insert_workspaces_one(object: {name: $n, slug: $n}) { id } }', { n: slug })
      const { workspaces } = await adminGraphql<{ workspaces: { id: string }[] }>(
        'query ($s: String!) { workspaces(where: {slug: {_eq: $s}}) { id } }',
        { s: slug },
      )
      const id = workspaces[0]!.id
      for (const { user, role } of members) {
        await adminGraphql('mutation ($m: workspace_members_insert_input!) { insert_workspace_members_one(object: $m) { role } }', {
          m: { workspace_id: id, user_id: user.id, role },
        })
      }
      return id
    },
    async stop() {
      await backend.stop()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
