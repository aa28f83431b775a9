import { ConfigError } from '../config/config-error.ts'

/** Why the backend could not start, in one line a newcomer can act on; then exit 1. */
export function exitOnStartFailure(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (code === 'EADDRINUSE') console.error(`${(error as Error).message}: another program uses that port; set PORT to choose another.`)
  else console.error(error)
  process.exit(1)
}
