import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { Context } from 'hono'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { nhostEnvironment } from '../config/nhost-environment.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { HttpError } from '../lib/http-error.ts'
import { FunctionPool } from './function-pool.ts'
import { proxyFunctionCall } from './proxy-function-call.ts'

export const FUNCTIONS_PREFIX = '/v1/functions'

/** Nhost Functions under `/v1/functions`, served by worker processes started once the URL is known. */
export interface FunctionsService {
  /** The Hono handler for `/v1/functions` and everything below it. */
  handle(c: Context): Response
  /** Starts the workers; `baseUrl` is where they reach GraphQL, Auth and Storage (NHOST_*_URL). */
  start(baseUrl: string, env?: NodeJS.ProcessEnv): void
  /** Workers load every function afresh; calls in flight finish on the old ones. */
  reload(): void
  /** The worker processes' ids. */
  readonly pids: number[]
  stop(): Promise<void>
}

export function createFunctionsService(context: BackendContext): FunctionsService {
  const { config, log } = context
  const functionsDir = join(config.projectDir, 'functions')
  const { workers, timeLimitMs, maxRequestBytes, workerMemoryMb } = config.functions
  let pool: FunctionPool | undefined

  return {
    handle(c) {
      const { incoming, outgoing } = (c.env ?? {}) as { incoming?: IncomingMessage; outgoing?: ServerResponse }
      if (!incoming || !outgoing) throw new HttpError(501, 'not-implemented', 'Functions are served over a Node HTTP server only')
      if (!pool) throw new HttpError(503, 'functions-starting', 'Functions are starting')
      proxyFunctionCall(pool, { timeLimitMs, maxRequestBytes }, incoming, outgoing, pathBelowPrefix(incoming.url ?? '/'))
      return RESPONSE_ALREADY_SENT
    },
    start(baseUrl, env = process.env) {
      pool = new FunctionPool({
        size: workers,
        functionsDir,
        // Nhost runs functions from functions/ when it is its own package, else from the project.
        cwd: existsSync(join(functionsDir, 'package.json')) ? functionsDir : config.projectDir,
        env: { ...process.env, ...env, ...nhostEnvironment(config, baseUrl) },
        memoryMb: workerMemoryMb,
        // A busy worker still answers heartbeats every 250 ms; one silent for a second is blocked.
        stallMs: 1_000,
        killAfterMs: timeLimitMs,
        log,
      })
    },
    reload() {
      pool?.reload()
    },
    get pids() {
      return pool?.pids ?? []
    },
    async stop() {
      await pool?.stop()
    },
  }
}

/** `/v1/functions/a/b?x=1` → `/a/b?x=1`; `/v1/functions` → `/`. */
export function pathBelowPrefix(url: string): string {
  const rest = url.slice(FUNCTIONS_PREFIX.length)
  return rest.startsWith('/') ? rest : `/${rest}`
}
