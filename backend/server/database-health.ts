import type { Database } from '../db/database.ts'

export interface DatabaseHealthOptions {
  /** How often at most a probe (`select 1`) is sent: /healthz never sends more than one per interval. */
  intervalMs: number
  /** A probe unanswered for this long means the database no longer answers. */
  timeoutMs: number
}

/**
 * Whether the database answers, for `/healthz`, without ever making /healthz wait for it: each
 * call answers from what the probes have seen so far and starts a new probe when the last one is
 * older than the interval. A probe that failed, or has not answered within the timeout, makes
 * the database unhealthy until one answers again (a PGlite whose one connection is held by a
 * transaction that never ends, a PostgreSQL server that went away).
 */
export function databaseHealth(db: Database, options: DatabaseHealthOptions): () => boolean {
  let answered = true
  let lastProbe = -Infinity
  let inFlightSince: number | undefined
  return () => {
    const now = performance.now()
    if (inFlightSince === undefined && now - lastProbe >= options.intervalMs) {
      inFlightSince = now
      lastProbe = now
      // Through a promise, so that even a driver that throws at once fails the probe, not /healthz.
      Promise.resolve()
        .then(() => db.query('select 1'))
        .then(
          () => {
            answered = true
            inFlightSince = undefined
          },
          () => {
            answered = false
            inFlightSince = undefined
          },
        )
    }
    const stuck = inFlightSince !== undefined && now - inFlightSince > options.timeoutMs
    return answered && !stuck
  }
}
