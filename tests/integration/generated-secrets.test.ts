import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { startStorageTestBackend, type StorageTestBackend } from '../support/storage-test-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * Started as the README starts it, with only the admin secret set: the JWT and webhook secrets
 * are generated and kept in the database, and the values once hard-coded in the repository
 * (the development JWT key, Nhost's default webhook secret) open nothing.
 */
const OLD_DEVELOPMENT_JWT_KEY = 'pulseboard-development-only-jwt-secret-change-me-0123456789'
const OLD_DEFAULT_WEBHOOK_SECRET = 'nhost-webhook-secret'

function userToken(key: string, userId: string, role = 'user', extra: Record<string, string> = {}): Promise<string> {
  return new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': [role],
      'x-hasura-default-role': role,
      'x-hasura-user-id': userId,
      ...extra,
    },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(key))
}

describe('a backend started with only the admin secret', () => {
  let t: StorageTestBackend
  let userId: string

  beforeAll(async () => {
    // A loaded machine may take more than the default 10 s to load the project's functions.
    t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
    userId = (await t.signUp('ada@example.com')).id
  }, 240_000)

  afterAll(async () => {
    await t?.stop()
  })

  const graphqlAs = async (token: string) => {
    const response = await fetch(`${t.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ workspaces { id } }' }),
    })
    return (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] }
  }

  it('generated its secrets, none of them a known one', () => {
    const { config } = t.backend.context
    expect(config.generatedSecrets).toEqual(['HASURA_GRAPHQL_JWT_SECRET', 'NHOST_WEBHOOK_SECRET'])
    expect(config.jwtSecret.key).not.toBe(OLD_DEVELOPMENT_JWT_KEY)
    expect(config.jwtSecret.key.length).toBeGreaterThanOrEqual(43)
    expect(config.webhookSecret).not.toBe(OLD_DEFAULT_WEBHOOK_SECRET)
  })

  it('refuses a token signed with the old development key on GraphQL, share sessions included', async () => {
    const forged = await graphqlAs(await userToken(OLD_DEVELOPMENT_JWT_KEY, userId))
    expect(forged.data).toBeUndefined()
    expect(forged.errors?.[0]?.extensions?.code).toBe('invalid-jwt')
    const forgedShare = await graphqlAs(await userToken(OLD_DEVELOPMENT_JWT_KEY, userId, 'share', { 'x-hasura-dashboard-id': userId }))
    expect(forgedShare.errors?.[0]?.extensions?.code).toBe('invalid-jwt')
    // The same claims signed with the effective key pass: the refusal is the key's.
    expect((await graphqlAs(await userToken(t.backend.context.config.jwtSecret.key, userId))).data).toEqual({ workspaces: [] })
  })

  it('refuses a token signed with the old development key in functions', async () => {
    const accept = (token: string) =>
      fetch(`${t.url}/v1/functions/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ token: 'no-such-invitation' }),
      })
    expect((await accept(await userToken(OLD_DEVELOPMENT_JWT_KEY, userId))).status).toBe(401)
    expect((await accept(await userToken(t.backend.context.config.jwtSecret.key, userId))).status).toBe(404)
  })

  it.each(['evaluate-alerts', 'retain-points'])('refuses the old default webhook secret at /%s', async (name) => {
    const call = (secret: string) =>
      fetch(`${t.url}/v1/functions/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pulseboard-webhook-secret': secret, 'nhost-webhook-secret': secret },
        body: '{}',
      })
    expect((await call(OLD_DEFAULT_WEBHOOK_SECRET)).status).toBe(401)
    expect((await call(t.backend.context.config.webhookSecret)).status).toBe(200)
  })
})

async function startOn(target: Parameters<typeof startBackend>[0] & object, projectDir: string): Promise<RunningBackend> {
  return startBackend({
    ...target,
    projectDir,
    env: { PORT: '0', PULSEBOARD_DATA_DIR: join(projectDir, '.data'), HASURA_GRAPHQL_ADMIN_SECRET: 'generated-secrets-test' },
    log: createLogger('silent'),
  })
}

it('keeps the generated secrets across a restart (PGlite files)', async () => {
  const projectDir = mkdtempSync(join(tmpdir(), 'pulseboard-secrets-'))
  const target = { kind: 'pglite' as const, dataDir: join(projectDir, '.data'), thread: 'main' as const }
  try {
    const first = await startOn({ database: target }, projectDir)
    const { jwtSecretText, webhookSecret } = first.context.config
    await first.stop()
    const second = await startOn({ database: target }, projectDir)
    expect(second.context.config).toMatchObject({ jwtSecretText, webhookSecret })
    await second.stop()
  } finally {
    rmSync(projectDir, { recursive: true, force: true })
  }
}, 240_000)

describe.runIf(process.env.TEST_DATABASE_URL)('several backends on one PostgreSQL database', () => {
  it('started at the same moment, agree on the secrets they generate', async () => {
    const { target, drop } = await createTestDatabaseTarget()
    const projectDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'pulseboard-secrets-')))
    const backends = await Promise.all(projectDirs.map((dir) => startOn({ database: target }, dir)))
    try {
      const configs = backends.map((b) => b.context.config)
      for (const config of configs.slice(1)) {
        expect(config.jwtSecretText).toBe(configs[0]!.jwtSecretText)
        expect(config.webhookSecret).toBe(configs[0]!.webhookSecret)
      }
      // The values are the ones kept in the database, which a later start reads too.
      const { rows } = await backends[0]!.context.db.query<{ name: string; value: string }>(
        'select name, value from pulseboard.generated_secrets order by name',
      )
      expect(rows).toEqual([
        { name: 'HASURA_GRAPHQL_JWT_SECRET', value: configs[0]!.jwtSecretText },
        { name: 'NHOST_WEBHOOK_SECRET', value: configs[0]!.webhookSecret },
      ])
    } finally {
      await Promise.all(backends.map((b) => b.stop()))
      await drop()
      for (const dir of projectDirs) rmSync(dir, { recursive: true, force: true })
    }
  }, 240_000)
})
