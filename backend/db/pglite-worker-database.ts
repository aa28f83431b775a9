import { Worker } from 'node:worker_threads'
import { compile, isSqlFragment, type SqlFragment } from '../lib/sql.ts'
import type { Database, LimitedDatabase, QueryLimits, QueryResult, Queryable, ScriptResult } from './database.ts'
import { limitDatabase } from './pglite-limits.ts'
import { PreparedStatements } from './prepared-statements.ts'
import { deserializeError, type WorkerMessage, type WorkerRequest } from './pglite-worker-protocol.ts'
import { PARSED_TYPES } from './type-parsers.ts'

const WORKER_ENTRY = new URL('./pglite-worker-entry.mjs', import.meta.url)

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

/**
 * PGlite in a worker thread (pglite-worker.ts), behind the same `Database` interface: the
 * backend's thread only posts statements and receives rows, so that `/healthz`, static files
 * and WebSocket traffic keep answering while a long statement runs (measured in bench/RESULTS.md,
 * "pglite-thread"). PGlite is still one connection: statements wait for each other there, and
 * transactions hold it across messages as they hold it in-thread.
 */
export async function openPGliteInWorker(options: { dataDir?: string }): Promise<Database> {
  const worker = new Worker(WORKER_ENTRY, { workerData: { dataDir: options.dataDir } })
  const database = new PGliteWorkerDatabase(
    worker,
    options.dataDir ? `PGlite at ${options.dataDir} (worker thread)` : 'PGlite in memory (worker thread)',
  )
  await database.ready
  return database
}

class WorkerQueryable implements Queryable {
  constructor(
    protected readonly call: (request: Request) => Promise<unknown>,
    private readonly tx?: number,
  ) {}

  async query<Row>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>> {
    const bound = isSqlFragment(query) ? compile(query) : { text: query, values: values ?? [] }
    return parseJsonColumns((await this.call({ op: 'query', text: bound.text, values: bound.values, tx: this.tx })) as QueryResult<Row>)
  }

  async script(text: string): Promise<ScriptResult[]> {
    return (await this.call({ op: 'script', text, tx: this.tx })) as ScriptResult[]
  }
}

/** The worker sends `json`/`jsonb` as text (pglite-worker-protocol.ts); JSON.parse is not recursive. */
function parseJsonColumns<Row>(result: QueryResult<Row>): QueryResult<Row> {
  const json = result.fields.filter((f) => f.dataTypeID === PARSED_TYPES.json || f.dataTypeID === PARSED_TYPES.jsonb)
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const { name } of json) if (typeof row[name] === 'string') row[name] = JSON.parse(row[name])
  }
  return result
}

class PGliteWorkerDatabase extends WorkerQueryable implements Database {
  readonly ready: Promise<void>
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  readonly #listeners = new Map<number, (payload: string) => void>()
  #nextId = 1
  /** PGlite has one connection: one record of what it has prepared. */
  readonly #prepared = new PreparedStatements()
  #failure: Error | undefined
  #closing = false

  constructor(
    private readonly worker: Worker,
    readonly description: string,
  ) {
    super((request) => this.#call(request))
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('id' in message) return this.#answer(message)
        if (message.type === 'notify') return this.#listeners.get(message.listener)?.(message.payload)
        if (message.type === 'restarted') {
          this.#prepared.forget()
          return
        }
        if (message.type === 'ready') {
          if (this.#pending.size === 0) worker.unref()
          return resolve()
        }
        reject(deserializeError(message.error))
      })
      // The database is gone with its thread: every statement from now on fails with the reason.
      const fail = (error: Error) => {
        if (!this.#failure && !this.#closing) console.error('PGlite worker thread failed:', error.message)
        this.#failure = error
        reject(error)
        for (const { reject: rejectCall } of this.#pending.values()) rejectCall(error)
        this.#pending.clear()
      }
      worker.on('error', fail)
      worker.on('exit', (code) => fail(new Error(`the PGlite worker thread exited (code ${code})`)))
    })
  }

  /**
   * The thread keeps the process alive only while a statement is in flight, as in-thread PGlite
   * holds nothing open: a script that forgets `close()` still ends.
   */
  #call(request: Request): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure)
    const id = this.#nextId++
    if (this.#pending.size === 0) this.worker.ref()
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      try {
        this.worker.postMessage({ ...request, id })
      } catch (error) {
        // A value structured cloning cannot copy (nested too deeply, a function): this call fails alone.
        this.#answer({ id, ok: false, error: { message: (error as Error).message, fields: {} } })
      }
    })
  }

  #answer(message: Extract<WorkerMessage, { id: number }>): void {
    const pending = this.#pending.get(message.id)
    if (!pending) return
    this.#pending.delete(message.id)
    if (this.#pending.size === 0) this.worker.unref()
    if (message.ok) pending.resolve(message.result)
    else pending.reject(deserializeError(message.error))
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.#nextId++
    await this.call({ op: 'begin', tx })
    let result: T
    try {
      result = await work(new WorkerQueryable(this.call, tx))
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined)
      throw error
    }
    await this.call({ op: 'end', tx, commit: true })
    return result
  }

  limited<T>(limits: QueryLimits, work: (db: LimitedDatabase) => Promise<T>): Promise<T> {
    return work(limitDatabase(this, limits, this.#prepared))
  }

  /** PGlite's one connection lives in the worker and cannot be lost: `onReconnect` never fires. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++
    this.#listeners.set(listener, onNotify)
    await this.call({ op: 'listen', channel, listener }).catch((error: unknown) => {
      this.#listeners.delete(listener)
      throw error
    })
    return async () => {
      this.#listeners.delete(listener)
      await this.call({ op: 'unlisten', listener })
    }
  }

  async close(): Promise<void> {
    this.#closing = true
    if (!this.#failure) await this.call({ op: 'close' })
    await this.worker.terminate()
  }
}
