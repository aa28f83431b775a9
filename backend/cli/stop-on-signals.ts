/** How long a signal's graceful stop may take before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * SIGINT and SIGTERM run `stop` and exit 0 once it is done; if it has not finished within
 * `SHUTDOWN_TIMEOUT_MS` (a statement that never ends, a database that no longer answers) or
 * fails, the process exits 1 with the reason, so that a supervisor's stop always stops it.
 */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs = SHUTDOWN_TIMEOUT_MS): void {
  const onSignal = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      console.error(`${signal}: the backend did not stop within ${timeoutMs} ms; exiting without waiting further.`)
      process.exit(1)
    }, timeoutMs)
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${signal}: stopping failed:`, error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}
