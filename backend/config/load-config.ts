import { resolve } from 'node:path'
import type { DatabaseTarget, PGliteThread } from '../db/open-database.ts'
import { readBlobStoreConfig, type BlobStoreConfig } from './blob-store-config.ts'
import { ConfigError } from './config-error.ts'
import { connectionBudget } from './connection-budget.ts'
import { parseJwtSecret, type JwtSecret } from './jwt-secret.ts'
import { randomJwtSecretText, randomWebhookSecret, type GeneratedSecretName } from './random-secrets.ts'
import { readNhostToml, tomlValue, type TomlTable } from './nhost-toml.ts'

export interface BackendConfig {
  /** The Nhost project folder's parent: holds `nhost/` and `functions/`. */
  projectDir: string
  port: number
  host: string
  adminSecret: string
  jwtSecret: JwtSecret
  /** The JWT secret as configured (Hasura's JSON text): Nhost hands it to functions unchanged. */
  jwtSecretText: string
  /** Nhost's `NHOST_WEBHOOK_SECRET`: sent by event and cron triggers, checked by functions. */
  webhookSecret: string
  /**
   * The secrets neither the environment nor nhost.toml set: `loadConfig` gives them random
   * values, which `useStoredSecrets` replaces with the ones every instance on the database shares.
   */
  generatedSecrets: GeneratedSecretName[]
  database: DatabaseTarget
  dataDir: string
  /** Where storage keeps file bytes: `dataDir` (the default) or the S3 bucket of `S3_BUCKET`. */
  blobStore: BlobStoreConfig
  unauthorizedRole: string
  stringifyNumericTypes: boolean
  liveQueriesRefetchIntervalMs: number
  /** Hasura's `HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE`: cohorts per multiplexed statement. */
  liveQueriesBatchSize: number
  /** Hasura's `HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE` (seconds there). */
  websocketKeepAliveMs: number
  /** Hasura's `HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT` (seconds there). */
  websocketInitTimeoutMs: number
  /** Operations one WebSocket connection may run at once; more are refused with `start-failed`. */
  websocketMaxOperations: number
  graphql: GraphqlLimits
  functions: FunctionsConfig
  /** nhost/nhost.toml with secrets resolved; each service reads its own section from it. */
  nhostToml: TomlTable
  /**
   * The environment this configuration was read from (`options.env`, else the process's): the
   * variables trigger webhooks and headers name are looked up there.
   */
  environment?: NodeJS.ProcessEnv
}

/**
 * What one GraphQL request may ask for, checked before any database work (Hasura's API limits,
 * on by default here because an embedded backend has no gateway in front of it).
 */
export interface GraphqlLimits {
  maxRequestBytes: number
  /** Nesting of selections and of argument objects (`where`, `order_by`) together. */
  maxDepth: number
  /** Fields once fragments are expanded. */
  maxNodes: number
  /** Aliased fields once fragments are expanded: each aliased root field is a statement of its own. */
  maxAliases: number
  /** Operations in one batched HTTP request. */
  maxBatch: number
  /** The statement timeout of a request's database work (Hasura's `time_limit`). */
  timeLimitMs: number
}

/** Nhost Functions served from `functions/` by a pool of child processes (backend/functions). */
export interface FunctionsConfig {
  /** Worker processes; each serves every function, several calls at a time. */
  workers: number
  /** A call that has not answered by then gets a 504 and its worker is replaced (Nhost's starter plan: 10 s). */
  timeLimitMs: number
  /** Largest request body passed to a function; larger ones get a 413 (Nhost's limit: 6 MB). */
  maxRequestBytes: number
  /** V8 heap of a worker: a function that leaks kills its own worker, which is replaced. */
  workerMemoryMb: number
  /** The workers' nice value (0–19): above 0, a flood of calls cannot starve the process serving everything else. */
  workerNice: number
  /** Calls a worker serves at once; more wait in the backend for one to finish. */
  maxCallsPerWorker: number
  /** Calls waiting for a worker; past it a call is refused at once with a 503 and `Retry-After`. */
  maxQueuedCalls: number
}

export interface LoadConfigOptions {
  projectDir?: string
  env?: NodeJS.ProcessEnv
  /** Tests: force a database target instead of DATABASE_URL / the data dir. */
  database?: DatabaseTarget
}

/** Nhost's local default, printed in its documentation: fine on loopback only. */
export const DEFAULT_ADMIN_SECRET = 'nhost-admin-secret'

export function loadConfig(options: LoadConfigOptions = {}): BackendConfig {
  const env = options.env ?? process.env
  const projectDir = resolve(options.projectDir ?? nonEmpty(env, 'PULSEBOARD_PROJECT_DIR') ?? process.cwd())
  const toml = readNhostToml(projectDir, env)

  const jwtText = nonEmpty(env, 'HASURA_GRAPHQL_JWT_SECRET') ?? jwtSecretFromToml(toml)
  const webhookSecret = nonEmpty(env, 'NHOST_WEBHOOK_SECRET') ?? tomlValue(toml, 'hasura.webhookSecret', 'string')
  const host = env.HOST ?? '127.0.0.1'
  const adminSecret =
    nonEmpty(env, 'HASURA_GRAPHQL_ADMIN_SECRET') ?? tomlValue(toml, 'hasura.adminSecret', 'string') ?? DEFAULT_ADMIN_SECRET
  if (adminSecret === DEFAULT_ADMIN_SECRET && !isLoopback(host)) {
    throw new ConfigError(
      'HASURA_GRAPHQL_ADMIN_SECRET',
      `is the default "${DEFAULT_ADMIN_SECRET}", which anyone can read in Nhost's documentation: set a secret of your own before listening on HOST=${host}`,
    )
  }
  const dataDir = resolve(projectDir, env.PULSEBOARD_DATA_DIR ?? '.data')
  const databaseUrl = env.DATABASE_URL
  const generatedJwtText = randomJwtSecretText()
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL')
  }

  return {
    projectDir,
    port: integer(env, 'PORT', 1337, { min: 0, max: 65535 }),
    host,
    adminSecret,
    jwtSecret: parseJwtSecret(jwtText ?? generatedJwtText),
    jwtSecretText: jwtText ?? generatedJwtText,
    webhookSecret: webhookSecret ?? randomWebhookSecret(),
    generatedSecrets: [
      ...(jwtText === undefined ? ['HASURA_GRAPHQL_JWT_SECRET' as const] : []),
      ...(webhookSecret === undefined ? ['NHOST_WEBHOOK_SECRET' as const] : []),
    ],
    database:
      options.database ??
      (databaseUrl
        ? {
            kind: 'postgres',
            url: databaseUrl,
            ...connectionBudget(
              optionalInteger(env, 'PULSEBOARD_PG_CONNECTIONS', { min: 1, max: 10_000 }),
              optionalInteger(env, 'HASURA_GRAPHQL_PG_CONNECTIONS', { min: 1, max: 10_000 }),
            ),
            preparedStatements: boolean(env, 'HASURA_GRAPHQL_USE_PREPARED_STATEMENTS') ?? true,
          }
        : { kind: 'pglite', dataDir, thread: pgliteThread(env) }),
    dataDir,
    blobStore: readBlobStoreConfig(env),
    unauthorizedRole:
      nonEmpty(env, 'HASURA_GRAPHQL_UNAUTHORIZED_ROLE') ?? tomlValue(toml, 'hasura.settings.unauthorizedRole', 'string') ?? 'public',
    stringifyNumericTypes:
      boolean(env, 'HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES') ??
      tomlValue(toml, 'hasura.settings.stringifyNumericTypes', 'boolean') ??
      false,
    liveQueriesRefetchIntervalMs: integer(
      env,
      'HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL',
      tomlValue(toml, 'hasura.settings.liveQueriesMultiplexedRefetchInterval', 'number') ?? 1000,
      { min: 10, max: 600_000 },
    ),
    liveQueriesBatchSize: integer(env, 'HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE', 100, { min: 1, max: 10_000 }),
    websocketKeepAliveMs: integer(env, 'HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE', 5, { min: 1, max: 3600 }) * 1000,
    websocketInitTimeoutMs: integer(env, 'HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT', 3, { min: 1, max: 3600 }) * 1000,
    websocketMaxOperations: integer(env, 'PULSEBOARD_WEBSOCKET_MAX_OPERATIONS', 100, { min: 1, max: 100_000 }),
    graphql: {
      maxRequestBytes: integer(env, 'PULSEBOARD_GRAPHQL_MAX_REQUEST_BYTES', 1_000_000, { min: 1024, max: 100_000_000 }),
      maxDepth: integer(env, 'PULSEBOARD_GRAPHQL_MAX_DEPTH', 20, { min: 2, max: 1000 }),
      maxNodes: integer(env, 'PULSEBOARD_GRAPHQL_MAX_NODES', 2000, { min: 10, max: 1_000_000 }),
      maxAliases: integer(env, 'PULSEBOARD_GRAPHQL_MAX_ALIASES', 200, { min: 0, max: 1_000_000 }),
      maxBatch: integer(env, 'PULSEBOARD_GRAPHQL_MAX_BATCH', 20, { min: 1, max: 10_000 }),
      timeLimitMs: integer(env, 'PULSEBOARD_GRAPHQL_TIME_LIMIT_MS', 10_000, { min: 10, max: 3_600_000 }),
    },
    functions: {
      workers: integer(env, 'PULSEBOARD_FUNCTIONS_WORKERS', 2, { min: 1, max: 64 }),
      timeLimitMs: integer(env, 'PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS', 10_000, { min: 10, max: 3_600_000 }),
      maxRequestBytes: integer(env, 'PULSEBOARD_FUNCTIONS_MAX_REQUEST_BYTES', 6 * 1024 * 1024, { min: 1024, max: 1_000_000_000 }),
      workerMemoryMb: integer(env, 'PULSEBOARD_FUNCTIONS_WORKER_MEMORY_MB', 512, { min: 32, max: 65_536 }),
      workerNice: integer(env, 'PULSEBOARD_FUNCTIONS_WORKER_NICE', 10, { min: 0, max: 19 }),
      maxCallsPerWorker: integer(env, 'PULSEBOARD_FUNCTIONS_MAX_CALLS_PER_WORKER', 16, { min: 1, max: 10_000 }),
      maxQueuedCalls: integer(env, 'PULSEBOARD_FUNCTIONS_MAX_QUEUED_CALLS', 128, { min: 0, max: 1_000_000 }),
    },
    nhostToml: toml,
    environment: env,
  }
}

/** Nhost writes `[[hasura.jwtSecrets]]` as a list of tables in Hasura's JSON shape. */
function jwtSecretFromToml(toml: TomlTable): string | undefined {
  const secrets = (toml.hasura as TomlTable | undefined)?.jwtSecrets
  if (secrets === undefined) return undefined
  if (!Array.isArray(secrets) || secrets.length === 0)
    throw new ConfigError('nhost/nhost.toml hasura.jwtSecrets', 'expected a list with one table')
  return JSON.stringify(secrets[0])
}

/** Only this machine can reach the address: `localhost`, 127.0.0.0/8 or ::1. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

function pgliteThread(env: NodeJS.ProcessEnv): PGliteThread {
  const text = env.PULSEBOARD_PGLITE_THREAD
  if (text === undefined || text === 'worker') return 'worker'
  if (text === 'main') return 'main'
  throw new ConfigError('PULSEBOARD_PGLITE_THREAD', `must be worker or main, got ${JSON.stringify(text)}`)
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]
  if (value === undefined) return undefined
  if (value.trim() === '') throw new ConfigError(name, 'must not be empty')
  return value
}

function optionalInteger(env: NodeJS.ProcessEnv, name: string, range: { min: number; max: number }): number | undefined {
  return env[name] === undefined ? undefined : integer(env, name, 0, range)
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, range: { min: number; max: number }): number {
  const text = env[name]
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text.trim())) throw new ConfigError(name, `must be a whole number, got ${JSON.stringify(text)}`)
  const value = Number(text)
  if (value < range.min || value > range.max) throw new ConfigError(name, `must be between ${range.min} and ${range.max}`)
  return value
}

function boolean(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const text = env[name]?.trim().toLowerCase()
  if (text === undefined) return undefined
  if (text === 'true' || text === '1') return true
  if (text === 'false' || text === '0') return false
  throw new ConfigError(name, `must be true or false, got ${JSON.stringify(env[name])}`)
}
