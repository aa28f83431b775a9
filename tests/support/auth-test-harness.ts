import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { fromClientAddress, sendRequest, type ScenarioTarget } from './api-scenario.ts'
import { openTestDatabase } from './test-database.ts'
import { loadConfig } from '../../backend/config/load-config.ts'
import type { Database } from '../../backend/db/database.ts'
import { HttpError } from '../../backend/lib/http-error.ts'
import { createLogger, type Logger } from '../../backend/lib/logger.ts'
import { MailOutbox, type OutboxMail } from '../../backend/mail/mail-outbox.ts'
import { MetadataStore } from '../../backend/metadata/store/metadata-store.ts'
import type { BackendContext } from '../../backend/context/backend-context.ts'
import { authRoutes } from '../../backend/auth/auth-routes.ts'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
export const TEST_ADMIN_SECRET = 'auth-test-admin-secret'
export const TEST_JWT_KEY = 'auth-tests-hmac-key-0123456789-0123456789'

/**
 * The `[auth]` section tests start from: the project's behaviour with limits high enough that
 * only the rate-limit scenarios meet them.
 */
export const TEST_AUTH_TOML = `
[auth.redirections]
clientUrl = 'http://localhost:3000'
allowedUrls = ['https://app.example.com/callback', 'https://*.example.org']
[auth.method.anonymous]
enabled = true
[auth.method.emailPassword]
emailVerificationRequired = false
passwordMinLength = 9
[auth.user.gravatar]
enabled = false
[auth.rateLimit.global]
limit = 10000
interval = '1m'
[auth.rateLimit.bruteForce]
limit = 10000
interval = '1m'
[auth.rateLimit.signups]
limit = 10000
interval = '1m'
[auth.rateLimit.emails]
limit = 10000
interval = '1m'
`

export interface CallOptions {
  body?: unknown
  /** Sent as is, for malformed-body scenarios. */
  rawBody?: string
  token?: string
  headers?: Record<string, string>
  /** The client address the rate limits see. */
  ip?: string
}

export interface CallResult {
  status: number
  headers: Headers
  body: any
}

export interface AuthTestApp {
  db: Database
  /** The auth routes under `/v1/auth`, for `runApiScenario`. */
  target: ScenarioTarget
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>
  outbox(to?: string): Promise<OutboxMail[]>
  /** The newest mail to `to` once there are `count`: a password reset mails after it answers. */
  waitForMail(to: string, count?: number): Promise<OutboxMail>
  /** Signs a user up (email verification off) and returns the session. */
  signUp(email: string, password?: string): Promise<any>
  /** A test app on the same database with other settings (for verification-required flows…). */
  withToml(toml: string): AuthTestApp
  close(): Promise<void>
}

/**
 * The auth service in-process on a fresh database with the `auth` schema and the rate limits' table applied, behind the
 * same error handling as the real application; requests go through `app.request()`.
 */
export async function openAuthTestApp(toml = TEST_AUTH_TOML, log: Logger = createLogger('silent')): Promise<AuthTestApp> {
  const db = await openTestDatabase()
  await db.script(readFileSync(join(REPO, 'backend/db/system/10-auth.sql'), 'utf8'))
  // Auth's rate limits are counted in hdb_catalog.pulseboard_rate_windows.
  await db.script('CREATE SCHEMA IF NOT EXISTS hdb_catalog')
  await db.script(readFileSync(join(REPO, 'backend/db/system/51-pulseboard-rate-windows.sql'), 'utf8'))
  const dirs: string[] = []
  const build = (tomlText: string): AuthTestApp => {
    const projectDir = mkdtempSync(join(tmpdir(), 'pulseboard-auth-'))
    dirs.push(projectDir)
    mkdirSync(join(projectDir, 'nhost'))
    writeFileSync(join(projectDir, 'nhost', 'nhost.toml'), tomlText)
    cpSync(join(REPO, 'nhost/emails'), join(projectDir, 'nhost/emails'), { recursive: true })
    const config = loadConfig({
      projectDir,
      env: {
        HASURA_GRAPHQL_ADMIN_SECRET: TEST_ADMIN_SECRET,
        HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: TEST_JWT_KEY }),
        PULSEBOARD_DATA_DIR: join(projectDir, 'data'),
      },
      database: { kind: 'memory' },
    })
    const context: BackendContext = { config, db, log, metadata: new MetadataStore() }
    const app = new Hono()
    app.route('/v1/auth', authRoutes(context))
    app.onError((error, c) => {
      if (error instanceof HttpError)
        return c.json({ status: error.status, error: error.code, message: error.message }, error.status as 400)
      throw error
    })
    const outbox = new MailOutbox(join(config.dataDir, 'mail'))
    // The rate limits are counted in the database, which every app of one test file shares: an
    // app with other settings starts with no counts, as a new deployment would.
    const limitsCleared = db.query('DELETE FROM hdb_catalog.pulseboard_rate_windows')
    // Every request comes from a client address (the rate limits count them): 192.0.2.1 unless told.
    const target: ScenarioTarget = {
      async request(path, init, env) {
        await limitsCleared
        return app.request(path, init, env ?? fromClientAddress('192.0.2.1'))
      },
    }
    const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      const response = await sendRequest(target, { method, url: path, headers, body: options.rawBody ?? options.body, ip: options.ip })
      return {
        status: response.status,
        headers: response.headers,
        body: response.json === undefined ? response.text || undefined : response.json,
      }
    }
    return {
      db,
      target,
      call,
      outbox: (to) => outbox.list(to === undefined ? {} : { to }),
      async waitForMail(to, count = 1) {
        for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
          const mails = await outbox.list({ to })
          if (mails.length >= count) return mails[0]!
        }
        throw new Error(`no mail ${count} to ${to} within 5 s`)
      },
      async signUp(email, password = 'correct-horse-9') {
        const response = await call('POST', '/v1/auth/signup/email-password', { body: { email, password } })
        if (response.status !== 200) throw new Error(`sign-up of ${email} failed: ${JSON.stringify(response.body)}`)
        return response.body.session
      },
      withToml: build,
      async close() {
        await db.dispose()
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  return build(toml)
}

/** The payload of a JWT, unverified (tests compare claims). */
export function jwtPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
}
