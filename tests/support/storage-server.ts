import { fork } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface StorageServer {
  url: string
  adminSecret: string
  /** Resets the peak to the RSS now (after a GC) and returns it. */
  idleRss(): Promise<number>
  /** The highest RSS sampled since the last `idleRss`. */
  peakRss(): Promise<number>
  /** CPU seconds the backend's process has used so far (every thread, user and system). */
  cpuSeconds(): number
  stop(): Promise<void>
}

/**
 * The backend in a process of its own (storage-server-process.ts), for measuring its memory
 * apart from the client's: on PGlite in memory, or on the database at `databaseUrl`; `env`
 * adds S3_* variables; `checkout` runs another checkout's backend instead of this one.
 */
export async function startStorageServer(
  options: { env?: Record<string, string>; databaseUrl?: string; checkout?: string } = {},
): Promise<StorageServer> {
  const adminSecret = 'storage-server-admin-secret'
  // `checkout`: another checkout of the project (a git worktree of an earlier commit), to compare with.
  const script = options.checkout
    ? join(options.checkout, 'tests', 'support', 'storage-server-process.ts')
    : new URL('./storage-server-process.ts', import.meta.url).pathname
  const child = fork(script, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_') && name !== 'DATABASE_URL')),
      ...options.env,
      BENCH_ADMIN_SECRET: adminSecret,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
  })
  const kill = () => child.kill()
  process.on('exit', kill)
  const ask = async (type: string): Promise<number> => {
    child.send({ type })
    return ((await once(child, 'message')) as [{ rssBytes: number }])[0].rssBytes
  }
  const [ready] = (await once(child, 'message')) as [{ url: string }]
  return {
    url: ready.url,
    adminSecret,
    idleRss: () => ask('idle'),
    peakRss: () => ask('peak'),
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    async stop() {
      child.send({ type: 'stop' })
      await once(child, 'exit')
      process.off('exit', kill)
    },
  }
}

/**
 * CPU seconds a process has used, from /proc/<pid>/stat (utime + stime, in the kernel's 100 ticks
 * a second): read from outside, so it works for a baseline checkout's process too, and unlike a
 * wall-clock time it hardly depends on how loaded the machine is.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name, which is in parentheses: state is the 3rd field, utime the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
