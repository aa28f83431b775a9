import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const PROJECT_DIR = resolve(import.meta.dirname, '../..')
export const ADMIN_SECRET = 'cluster-test-admin-secret'
/** Every instance of one deployment is told the same secrets. */
export const JWT_SECRET = JSON.stringify({ type: 'HS256', key: 'cluster-test-jwt-key-of-at-least-thirty-two-characters' })

export interface BackendProcess {
  url: string
  /** The npm process: its pid is also its process group's, which holds node and the functions' workers. */
  child: ChildProcess
  /** Resolves with npm's exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output(): string
  /** The node process serving (npm's child, which `exec` made of npm's shell). */
  nodePid(): number
  /** A signal to the whole process group, as Ctrl-C, systemd or a container runtime sends it. */
  signalGroup(signal: NodeJS.Signals): void
  dispose(): void
}

/**
 * Starts `npm run <script>` (`backend` or `start`) in a process group of its own on a free port,
 * on `databaseUrl`, and resolves once it prints the address it serves.
 */
export async function startBackendProcess(
  databaseUrl: string,
  { script = 'backend', port = 0, env = {} }: { script?: 'backend' | 'start'; port?: number; env?: Record<string, string> } = {},
): Promise<BackendProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-cluster-'))
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: PROJECT_DIR,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PULSEBOARD_DATA_DIR: dataDir,
      PULSEBOARD_DEMO: '0',
      HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
      HASURA_GRAPHQL_JWT_SECRET: JWT_SECRET,
      ...env,
    },
  })
  let text = ''
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  const url = await new Promise<string>((done, fail) => {
    const timer = setInterval(() => {
      const found = /(?:backend on|running at) (http:\/\/[\d.]+:\d+)/.exec(text)
      if (found) {
        clearInterval(timer)
        done(found[1]!)
      }
    }, 50)
    void exited.then(({ code, signal }) => {
      clearInterval(timer)
      fail(new Error(`npm run ${script} exited (${code ?? signal}) before serving:\n${text}`))
    })
  })
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // The group has already gone.
    }
  }
  return {
    url,
    child,
    exited,
    output: () => text,
    nodePid: () =>
      Number(
        execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
          .trim()
          .split('\n')[0],
      ),
    signalGroup,
    dispose() {
      signalGroup('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
