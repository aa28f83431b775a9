/** `npm run backend`: the embedded backend alone, for tools and tests. */
import './production-mode.ts'
import { startBackend } from '../server/start-backend.ts'
import { exitOnStartFailure } from './exit-on-start-failure.ts'
import { stopOnSignals } from './stop-on-signals.ts'

try {
  const backend = await startBackend()
  console.log(`Pulseboard backend on ${backend.url} (${backend.context.db.description})`)
  stopOnSignals(() => backend.stop())
} catch (error) {
  exitOnStartFailure(error)
}
