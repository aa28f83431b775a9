/** `npm run backend`: the embedded backend alone, for tools and tests. */
import './production-mode.ts'
import { startBackend } from '../server/start-backend.ts'
import { exitOnStartFailure } from './exit-on-start-failure.ts'

try {
  const backend = await startBackend()
  console.log(`Pulseboard backend on ${backend.url} (${backend.context.db.description})`)
  const stop = () => void backend.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  exitOnStartFailure(error)
}
