/** A second signal this soon after the first is the same stop relayed (npm, a shell), not a user insisting. */
const RELAYED_WITHIN_MS = 2_000

/**
 * Stops the backend cleanly on SIGTERM or SIGINT, then exits 0. A stop signal to a process group
 * (Ctrl-C, systemd, a container runtime) reaches this process and npm, which relays it again:
 * that second copy is ignored, where a once-handler would let it kill the process mid-drain. A
 * signal sent later than that exits at once (Ctrl-C pressed again).
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let firstAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now()
      console.log(`${signal}: stopping (deliveries in flight finish first)…`)
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('The backend did not stop cleanly:', error)
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
