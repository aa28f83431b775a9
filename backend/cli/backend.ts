/** `npm run backend`: the embedded backend alone, for tools and tests. */
import { ConfigError } from '../config/config-error.ts'
import { startBackend } from '../server/start-backend.ts'

try {
  const backend = await startBackend()
  console.log(`Pulseboard backend on ${backend.url} (${backend.context.db.description})`)
  const stop = () => void backend.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
}
