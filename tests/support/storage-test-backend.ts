import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, withAdminSession, type NhostClient } from '@nhost/nhost-js'
import { readBlobStoreConfig } from '../../backend/config/blob-store-config.ts'
import type { DatabaseTarget } from '../../backend/db/open-database.ts'
import { createLogger, type Logger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import type { BlobStore } from '../../backend/storage/blob-store.ts'
import { openDiskBlobStore } from '../../backend/storage/disk-blob-store.ts'
import { openS3BlobStore } from '../../backend/storage/s3-blob-store.ts'
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts'
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
  blobStoreKind: BlobStoreKind
  /** The blobs the backend stores, opened apart from it (its data folder or its bucket). */
  blobs: BlobStore
  /** The S3 server holding the blobs, when `blobStoreKind` is 's3'. */
  s3?: S3TestServer
  /** Another instance on the same database (and bucket), with its own data folder. */
  startAnotherInstance(): Promise<{ url: string; storageUrl: string; dataDir: string; stop(): Promise<void> }>
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

export type BlobStoreKind = 'disk' | 's3'

let defaultBlobStoreKind: BlobStoreKind = 'disk'

/**
 * Where the backends this test file starts from now on keep file bytes when it does not say:
 * lets one suite (storage-api.test.ts) run again over S3 from a file that imports it.
 */
export function storeBlobsIn(kind: BlobStoreKind): void {
  defaultBlobStoreKind = kind
}

/** `env` adds to (or overrides) the backend's environment; `blobStore` chooses disk or S3. */
export async function startStorageTestBackend(
  options: { blobStore?: BlobStoreKind; env?: Record<string, string>; log?: Logger } = {},
): Promise<StorageTestBackend> {
  const blobStoreKind = options.blobStore ?? defaultBlobStoreKind
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-storage-it-'))
  const { target, drop } = await createTestDatabaseTarget()
  const s3 = blobStoreKind === 's3' ? await startS3TestServer({ rootFolder: 'pulseboard' }) : undefined
  const start = (dir: string, database: DatabaseTarget) =>
    startBackend({
      env: {
        ...withoutS3Variables(process.env),
        PORT: '0',
        PULSEBOARD_DATA_DIR: dir,
        HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
        PULSEBOARD_DEMO: '0',
        ...s3?.env,
        ...options.env,
      },
      database,
      log: options.log ?? createLogger('silent'),
    })
  const backend = await start(dataDir, target)
  const blobStoreConfig = readBlobStoreConfig(s3?.env ?? {})
  const blobs =
    blobStoreConfig.kind === 's3' ? openS3BlobStore(blobStoreConfig, createLogger('silent')) : openDiskBlobStore(join(dataDir, 'storage'))
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
    blobStoreKind,
    blobs,
    ...(s3 ? { s3 } : {}),
    async startAnotherInstance() {
      // In memory, PGlite belongs to the first instance: a second one needs PostgreSQL.
      if (target.kind !== 'postgres') throw new Error('a second instance needs TEST_DATABASE_URL (PostgreSQL)')
      const dir = mkdtempSync(join(tmpdir(), 'pulseboard-storage-it-'))
      const other = await start(dir, target)
      return {
        url: other.url,
        storageUrl: `${other.url}/v1/storage`,
        dataDir: dir,
        async stop() {
          await other.stop()
          rmSync(dir, { recursive: true, force: true })
        },
      }
    },
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
      await s3?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The test's own environment must not choose the store: the caller does. */
function withoutS3Variables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('S3_')))
}
