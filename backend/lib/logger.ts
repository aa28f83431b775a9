/** Structured one-line logs on stderr; quiet in tests unless PULSEBOARD_LOG is set. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

const writeToStderr = (line: string): void => void process.stderr.write(line)

/** `writeLine`: where lines go (stderr; a test keeps them to read). */
export function createLogger(level: LogLevel | 'silent' = 'info', writeLine: (line: string) => void = writeToStderr): Logger {
  const write = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (level === 'silent' || ORDER[at] < ORDER[level]) return
    const extra = fields ? ` ${JSON.stringify(fields)}` : ''
    writeLine(`${new Date().toISOString()} ${at.padEnd(5)} ${message}${extra}\n`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}
