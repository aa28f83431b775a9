import { shutdownGraceMs } from '../config/shutdown-grace.ts'

/** A second signal this soon after the first is the same stop relayed (npm, a shell), not a user insisting. */
const RELAYED_WITHIN_MS = 2_000

/** How much longer than the deliveries' grace period a stop may take before the process exits anyway. */
const SHUTDOWN_MARGIN_MS = 10_000

/**
 * Stops the backend cleanly on SIGTERM or SIGINT, then exits 0. A stop signal to a process group
 * (Ctrl-C, systemd, a container runtime) reaches this process and npm, which relays it again:
 * that second copy is ignored, where a once-handler would let it kill the process mid-drain. A
 * signal sent later than that exits at once (Ctrl-C pressed again). A stop that has not finished
 * within the deliveries' grace period (HASURA_GRAPHQL_GRACEFUL_SHUTDOWN_TIMEOUT) and a margin, or
 * fails (a statement that never ends, a database that no longer answers), exits 1 with the
 * reason, so that a supervisor's stop always stops the process.
 */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs = shutdownGraceMs(process.env) + SHUTDOWN_MARGIN_MS): void {
  let firstAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now()
      console.log(`${signal}: stopping (deliveries in flight finish first)…`)
      setTimeout(() => {
        console.error(`${signal}: the backend did not stop within ${timeoutMs} ms; exiting without waiting further.`)
        process.exit(1)
      }, timeoutMs).unref()
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${signal}: the backend did not stop cleanly:`, error)
          process.exit(1)
        },
      )
    } else if (Date.now() - firstAt > RELAYED_WITHIN_MS) {
      console.error(`${signal} again: exiting without waiting`)
      process.exit(130)
    }
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
