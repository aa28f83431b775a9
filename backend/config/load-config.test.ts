import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config.ts'

function projectWithToml(toml: string, secrets?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-config-'))
  mkdirSync(join(dir, 'nhost'))
  writeFileSync(join(dir, 'nhost', 'nhost.toml'), toml)
  if (secrets) writeFileSync(join(dir, '.secrets'), secrets)
  return dir
}

const emptyProject = mkdtempSync(join(tmpdir(), 'pulseboard-config-'))

describe('loadConfig', () => {
  it('reads the GraphQL depth limit, 20 by default', () => {
    expect(loadConfig({ projectDir: emptyProject, env: {} }).graphql.maxDepth).toBe(20)
    expect(loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_GRAPHQL_MAX_DEPTH: '7' } }).graphql.maxDepth).toBe(7)
  })

  it('uses the documented defaults', () => {
    const config = loadConfig({ projectDir: emptyProject, env: {} })
    expect(config).toMatchObject({
      port: 1337,
      adminSecret: 'nhost-admin-secret',
      unauthorizedRole: 'public',
      stringifyNumericTypes: false,
      liveQueriesRefetchIntervalMs: 1000,
      liveQueriesBatchSize: 100,
      websocketKeepAliveMs: 5000,
      websocketInitTimeoutMs: 3000,
      websocketMaxOperations: 100,
      generatedSecrets: ['HASURA_GRAPHQL_JWT_SECRET', 'NHOST_WEBHOOK_SECRET'],
      database: { kind: 'pglite', dataDir: join(emptyProject, '.data'), thread: 'worker' },
      functions: {
        workers: 2,
        timeLimitMs: 10_000,
        maxRequestBytes: 6 * 1024 * 1024,
        workerMemoryMb: 512,
        workerNice: 10,
        maxCallsPerWorker: 16,
        maxQueuedCalls: 128,
      },
    })
    expect(config.jwtSecret.type).toBe('HS256')
  })

  it('generates random secrets where none is set, never a known one', () => {
    const first = loadConfig({ projectDir: emptyProject, env: {} })
    const second = loadConfig({ projectDir: emptyProject, env: {} })
    expect(first.jwtSecret.key).toHaveLength(43)
    expect(first.jwtSecret.key).not.toBe(second.jwtSecret.key)
    expect(first.webhookSecret).not.toBe(second.webhookSecret)
    expect(first.webhookSecret).not.toBe('nhost-webhook-secret')
    expect(JSON.parse(first.jwtSecretText)).toEqual({ type: 'HS256', key: first.jwtSecret.key })
  })

  it('refuses the default admin secret on an address other machines reach, naming the variable', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.7']) {
      expect(() => loadConfig({ projectDir: emptyProject, env: { HOST: host } })).toThrow(/HASURA_GRAPHQL_ADMIN_SECRET: is the default/)
      expect(() =>
        loadConfig({ projectDir: emptyProject, env: { HOST: host, HASURA_GRAPHQL_ADMIN_SECRET: 'nhost-admin-secret' } }),
      ).toThrow(/HASURA_GRAPHQL_ADMIN_SECRET/)
      expect(loadConfig({ projectDir: emptyProject, env: { HOST: host, HASURA_GRAPHQL_ADMIN_SECRET: 'mine' } }).host).toBe(host)
    }
    for (const host of ['127.0.0.1', '127.3.2.1', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ projectDir: emptyProject, env: { HOST: host } }).adminSecret).toBe('nhost-admin-secret')
    }
  })

  it('reads the operations one WebSocket connection may run at once', () => {
    expect(loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_WEBSOCKET_MAX_OPERATIONS: '250' } }).websocketMaxOperations).toBe(250)
    expect(() => loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_WEBSOCKET_MAX_OPERATIONS: '0' } })).toThrow(
      /PULSEBOARD_WEBSOCKET_MAX_OPERATIONS: must be between 1 and 100000/,
    )
  })

  it('runs PGlite in a worker thread unless PULSEBOARD_PGLITE_THREAD says main', () => {
    expect(loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_PGLITE_THREAD: 'main' } }).database).toMatchObject({
      kind: 'pglite',
      thread: 'main',
    })
    expect(() => loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_PGLITE_THREAD: 'other' } })).toThrow(
      /PULSEBOARD_PGLITE_THREAD: must be worker or main/,
    )
  })

  it('serves the project named by PULSEBOARD_PROJECT_DIR, its data dir inside it', () => {
    const config = loadConfig({ env: { PULSEBOARD_PROJECT_DIR: emptyProject } })
    expect(config.projectDir).toBe(emptyProject)
    expect(config.dataDir).toBe(join(emptyProject, '.data'))
  })

  it('reads the functions settings', () => {
    const env = {
      PULSEBOARD_FUNCTIONS_WORKERS: '4',
      PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '30000',
      PULSEBOARD_FUNCTIONS_MAX_REQUEST_BYTES: '2048',
      PULSEBOARD_FUNCTIONS_WORKER_MEMORY_MB: '256',
      PULSEBOARD_FUNCTIONS_WORKER_NICE: '19',
      PULSEBOARD_FUNCTIONS_MAX_CALLS_PER_WORKER: '4',
      PULSEBOARD_FUNCTIONS_MAX_QUEUED_CALLS: '0',
    }
    expect(loadConfig({ projectDir: emptyProject, env }).functions).toEqual({
      workers: 4,
      timeLimitMs: 30_000,
      maxRequestBytes: 2048,
      workerMemoryMb: 256,
      workerNice: 19,
      maxCallsPerWorker: 4,
      maxQueuedCalls: 0,
    })
    expect(() => loadConfig({ projectDir: emptyProject, env: { PULSEBOARD_FUNCTIONS_WORKERS: '0' } })).toThrow(
      'PULSEBOARD_FUNCTIONS_WORKERS',
    )
  })

  it('reads the environment with Hasura and Nhost variable names', () => {
    const config = loadConfig({
      projectDir: emptyProject,
      env: {
        PORT: '8080',
        HASURA_GRAPHQL_ADMIN_SECRET: 's3cret',
        HASURA_GRAPHQL_JWT_SECRET: '{"type":"HS512","key":"0123456789abcdef0123456789abcdef"}',
        DATABASE_URL: 'postgres://u@localhost:5432/db',
        HASURA_GRAPHQL_PG_CONNECTIONS: '20',
        HASURA_GRAPHQL_USE_PREPARED_STATEMENTS: 'false',
        HASURA_GRAPHQL_UNAUTHORIZED_ROLE: 'anonymous',
        HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: 'true',
      },
    })
    expect(config).toMatchObject({
      port: 8080,
      adminSecret: 's3cret',
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: true,
      generatedSecrets: ['NHOST_WEBHOOK_SECRET'],
      database: { kind: 'postgres', url: 'postgres://u@localhost:5432/db', graphqlConnections: 20, preparedStatements: false },
      jwtSecret: { type: 'HS512', claimsNamespace: 'https://hasura.io/jwt/claims' },
    })
  })

  it.each([
    ['PORT', 'eighty', /PORT: must be a whole number/],
    ['PORT', '70000', /PORT: must be between/],
    ['HASURA_GRAPHQL_JWT_SECRET', 'not json', /HASURA_GRAPHQL_JWT_SECRET: must be JSON/],
    ['HASURA_GRAPHQL_JWT_SECRET', '{"type":"HS256","key":"short"}', /HASURA_GRAPHQL_JWT_SECRET: "key" must have at least 32/],
    ['HASURA_GRAPHQL_JWT_SECRET', '{"type":"none","key":"x"}', /HASURA_GRAPHQL_JWT_SECRET: "type" must be one of/],
    ['HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES', 'yes please', /HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: must be true or false/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['HASURA_GRAPHQL_ADMIN_SECRET', '  ', /HASURA_GRAPHQL_ADMIN_SECRET: must not be empty/],
    ['PULSEBOARD_GRAPHQL_MAX_DEPTH', '1', /PULSEBOARD_GRAPHQL_MAX_DEPTH: must be between 2 and 1000/],
    ['PULSEBOARD_GRAPHQL_MAX_DEPTH', 'deep', /PULSEBOARD_GRAPHQL_MAX_DEPTH: must be a whole number/],
  ])('refuses a malformed %s and names it', (name, value, message) => {
    expect(() => loadConfig({ projectDir: emptyProject, env: { [name]: value } })).toThrow(message)
  })

  it('reads nhost.toml with secrets from .secrets, the environment winning', () => {
    const dir = projectWithToml(
      `[hasura]\nadminSecret = '{{ secrets.HASURA_GRAPHQL_ADMIN_SECRET }}'\n` +
        `[[hasura.jwtSecrets]]\ntype = 'HS256'\nkey = '{{ secrets.JWT_KEY }}'\n` +
        `[hasura.settings]\nstringifyNumericTypes = true\n`,
      `HASURA_GRAPHQL_ADMIN_SECRET = 'from-secrets-file'\nJWT_KEY = "abcdefghijklmnopqrstuvwxyz0123456789"\n`,
    )
    const fromFile = loadConfig({ projectDir: dir, env: {} })
    expect(fromFile.adminSecret).toBe('from-secrets-file')
    expect(fromFile.jwtSecret.key).toBe('abcdefghijklmnopqrstuvwxyz0123456789')
    expect(fromFile.stringifyNumericTypes).toBe(true)
    expect(loadConfig({ projectDir: dir, env: { HASURA_GRAPHQL_ADMIN_SECRET: 'env' } }).adminSecret).toBe('env')
  })

  it('names the nhost.toml key that is malformed or whose secret is missing', () => {
    expect(() => loadConfig({ projectDir: projectWithToml(`[hasura.settings]\nstringifyNumericTypes = 'maybe'\n`), env: {} })).toThrow(
      /nhost\.toml hasura\.settings\.stringifyNumericTypes: expected boolean/,
    )
    expect(() => loadConfig({ projectDir: projectWithToml(`[hasura]\nadminSecret = '{{ secrets.NOPE }}'\n`), env: {} })).toThrow(
      /nhost\.toml hasura\.adminSecret: secret NOPE is not set/,
    )
    expect(() => loadConfig({ projectDir: projectWithToml(`[hasura\n`), env: {} })).toThrow(/nhost\/nhost\.toml/)
  })
})
