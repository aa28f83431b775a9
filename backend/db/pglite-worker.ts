import { parentPort, workerData } from 'node:worker_threads'
import type { Queryable } from './database.ts'
import { openPGlite } from './pglite-database.ts'
import { serializeError, type WorkerMessage, type WorkerRequest } from './pglite-worker-protocol.ts'

/**
 * The worker thread that runs PGlite (pglite-worker-database.ts starts it): the database adapter
 * of pglite-database.ts, driven by messages, so that a long statement blocks this thread and not
 * the one that serves HTTP and WebSockets.
 */
const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')
const post = (message: WorkerMessage) => port.postMessage(message)

/** Thrown inside a transaction to roll it back on request; never leaves this file. */
const ROLLBACK = Symbol('rollback')

interface OpenTransaction {
  tx: Queryable
  /** Resolves the transaction's callback (commit) or rejects it with ROLLBACK. */
  end: (commit: boolean) => void
  /** PGlite's transaction: settles once committed or rolled back. */
  done: Promise<void>
}

try {
  // JSON stays text on its way out: the backend's thread parses it (pglite-worker-database.ts).
  const db = await openPGlite({
    dataDir: (workerData as { dataDir?: string }).dataDir,
    jsonAsText: true,
    onRestart: () => post({ type: 'restarted' }),
  })
  const transactions = new Map<number, OpenTransaction>()
  const listeners = new Map<number, () => Promise<void>>()

  const run = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return queryableFor(request.tx).query(request.text, request.values)
      case 'script':
        return queryableFor(request.tx).script(request.text)
      case 'begin':
        return new Promise<void>((begun, failed) => {
          const done = db.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(request.tx, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)), done })
                begun()
              }),
          )
          // Once begun, `end` reports the outcome; a transaction that could not begin reports it here.
          done.catch((error: unknown) => {
            if (!transactions.has(request.tx)) failed(error)
          })
        })
      case 'end': {
        const open = transactions.get(request.tx)
        if (!open) throw new Error(`no transaction ${request.tx}`)
        open.end(request.commit)
        try {
          await open.done
        } catch (error) {
          if (error !== ROLLBACK) throw error
        } finally {
          transactions.delete(request.tx)
        }
        return undefined
      }
      case 'listen': {
        const { listener } = request
        listeners.set(listener, await db.listen(request.channel, (payload) => post({ type: 'notify', listener, payload })))
        return undefined
      }
      case 'unlisten':
        await listeners.get(request.listener)?.()
        listeners.delete(request.listener)
        return undefined
      case 'close':
        await db.close()
        return undefined
    }
  }
  function queryableFor(tx: number | undefined): Queryable {
    if (tx === undefined) return db
    const open = transactions.get(tx)
    if (!open) throw new Error(`no transaction ${tx}`)
    return open.tx
  }

  port.on('message', (request: WorkerRequest) => {
    // An answer that cannot be posted is answered with the reason, so that its call still settles.
    run(request)
      .then((result) => post({ id: request.id, ok: true, result: result as never }))
      .catch((error: unknown) => post({ id: request.id, ok: false, error: serializeError(error) }))
  })
  post({ type: 'ready' })
} catch (error) {
  post({ type: 'failed', error: serializeError(error) })
}
