import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { nhostEnvironment } from '../config/nhost-environment.ts'
import type { BackendContext } from '../context/backend-context.ts'
import type { ErrorSurface } from '../lib/error-answer.ts'
import { findFunctionRoutes } from './find-function-routes.ts'
import { FunctionPool } from './function-pool.ts'
import { FunctionsError } from './functions-error.ts'
import { proxyFunctionCall, refuseCall } from './proxy-function-call.ts'
import { watchFunctions } from './watch-functions.ts'

export const FUNCTIONS_PREFIX = '/v1/functions'

/** Nhost Functions under `/v1/functions`, served by worker processes started once the URL is known. */
export interface FunctionsService {
  /** True for `/v1/functions` and the paths below it. */
  owns(url: string): boolean
  /**
   * Serves a call to a function. Node's request and response, not Hono's: both bodies stream
   * through untouched, and Hono would answer HEAD itself.
   */
  handle(req: IncomingMessage, res: ServerResponse): void
  /**
   * Starts the workers; `baseUrl` is where they reach GraphQL, Auth and Storage (NHOST_*_URL).
   * `watch`: reload when a file under functions/ changes (`npm run dev`).
   */
  start(baseUrl: string, options?: { env?: NodeJS.ProcessEnv; watch?: boolean }): void
  /** Workers load every function afresh; calls in flight finish on the old ones. */
  reload(): void
  /** Resolves once every worker serves (tests and benchmarks start measuring then). */
  whenReady(): Promise<void>
  /** The worker processes' ids. */
  readonly pids: number[]
  /** Calls waiting for a worker (every worker serves `PULSEBOARD_FUNCTIONS_MAX_CALLS_PER_WORKER`). */
  readonly queuedCalls: number
  stop(): Promise<void>
}

export function createFunctionsService(context: BackendContext): FunctionsService {
  const { config, log } = context
  const functionsDir = join(config.projectDir, 'functions')
  const { workers, timeLimitMs, maxRequestBytes, workerMemoryMb, workerNice, maxCallsPerWorker, maxQueuedCalls } = config.functions
  let pool: FunctionPool | undefined
  let unwatch = () => {}
  const surface: ErrorSurface = { service: 'functions', internal: new FunctionsError(500, 'internal-error', 'Internal server error'), log }
  const limits = { timeLimitMs, maxRequestBytes }

  return {
    owns(url) {
      return url === FUNCTIONS_PREFIX || url.startsWith(`${FUNCTIONS_PREFIX}/`) || url.startsWith(`${FUNCTIONS_PREFIX}?`)
    },
    handle(req, res) {
      if (!pool) return refuseCall(surface, limits, req, res, new FunctionsError(503, 'functions-starting', 'Functions are starting'))
      proxyFunctionCall(pool, limits, surface, req, res, pathBelowPrefix(req.url ?? '/'))
    },
    start(baseUrl, { env = process.env, watch = false } = {}) {
      pool = new FunctionPool({
        size: workers,
        // Without functions (yet) no process is spent until a call comes.
        eager: findFunctionRoutes(functionsDir).length > 0,
        functionsDir,
        // Nhost runs functions from functions/ when it is its own package, else from the project.
        cwd: existsSync(join(functionsDir, 'package.json')) ? functionsDir : config.projectDir,
        env: { ...process.env, ...env, ...nhostEnvironment(config, baseUrl) },
        memoryMb: workerMemoryMb,
        nice: workerNice,
        maxCallsPerWorker,
        maxQueuedCalls,
        // A busy worker still answers heartbeats every 250 ms; one silent for a second is blocked.
        stallMs: 1_000,
        // A second past the time limit: a call cut off by its deadline answers 504 before the
        // heartbeat kills its worker. Silence counts from the worker's last heartbeat, up to 250 ms
        // before the call began, so at exactly the limit the kill could win and answer 502.
        killAfterMs: timeLimitMs + 1_000,
        log,
      })
      if (watch) {
        unwatch = watchFunctions(functionsDir, () => {
          log.info('functions: files changed; reloading')
          pool?.reload()
        })
      }
    },
    reload() {
      pool?.reload()
    },
    async whenReady() {
      await pool?.whenReady()
    },
    get pids() {
      return pool?.pids ?? []
    },
    get queuedCalls() {
      return pool?.queued ?? 0
    },
    async stop() {
      unwatch()
      await pool?.stop()
    },
  }
}

/** `/v1/functions/a/b?x=1` → `/a/b?x=1`; `/v1/functions` → `/`. */
export function pathBelowPrefix(url: string): string {
  const rest = url.slice(FUNCTIONS_PREFIX.length)
  return rest.startsWith('/') ? rest : `/${rest}`
}
