import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's haproxy (`apt-get install haproxy`); HAPROXY_PATH points elsewhere. */
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'

/** A port free now on loopback (HAProxy's configuration needs the instances' ports before they start). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

export interface LoadBalancer {
  url: string
  /** HAProxy's own messages: servers going down and up. */
  log(): string
  stop(): Promise<void>
}

/**
 * HAProxy in front of `backendPorts`: round robin, no sticky sessions, WebSockets passed through,
 * and a health check on /v1/auth/healthz that takes a stopped instance out of the rotation.
 */
export async function startHaproxy(backendPorts: number[]): Promise<LoadBalancer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-haproxy-'))
  const config = join(dir, 'haproxy.cfg')
  writeFileSync(
    config,
    `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  # Generous: the machines running the tests are often loaded.
  timeout check 5s
  retries 2
  option redispatch

frontend pulseboard
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /v1/auth/healthz ver HTTP/1.1 hdr Host localhost
  default-server check inter 1s fall 2 rise 1
${backendPorts.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p}`).join('\n')}
`,
  )
  const child: ChildProcess = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`)
    const answer = await fetch(`${url}/v1/auth/healthz`).catch(() => undefined)
    if (answer?.ok) break
    if (Date.now() > deadline) throw new Error(`haproxy did not answer on ${url}: ${errors}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    log: () => errors,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
