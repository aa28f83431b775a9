import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { webAppFileHeaders } from '../backend/server/serve-web-app.ts'

/**
 * A built web app served on its own port in front of a running backend: its files (gzipped, with
 * the backend's cache headers), `index.html` for page navigations, and every other request and
 * WebSocket upgrade passed through to the backend. Two builds (this checkout's and an earlier
 * commit's) served this way load in the same browser against the same backend and database,
 * each on its own origin, so that they are measured alike in one run.
 */
export interface WebBuildServer {
  url: string
  close(): Promise<void>
}

export async function serveWebBuild(dir: string, backendUrl: string): Promise<WebBuildServer> {
  const root = normalize(resolve(dir))
  const backend = new URL(backendUrl)
  const agent = new Agent({ keepAlive: true })
  const files = new Map<string, { body: Buffer; headers: Record<string, string>; gzipped: Buffer | null }>()
  const file = (path: string) => {
    let cached = files.get(path)
    if (!cached) {
      const body = readFileSync(path)
      const { headers, compressible } = webAppFileHeaders(path)
      cached = { body, headers, gzipped: compressible ? gzipSync(body) : null }
      files.set(path, cached)
    }
    return cached
  }

  const sendFile = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const { body, headers, gzipped } = file(path)
    const gzip = gzipped !== null && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    res.writeHead(200, { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}) })
    res.end(gzip ? gzipped : body)
  }

  const passThrough = (req: IncomingMessage, res: ServerResponse) => {
    const forwarded = httpRequest(
      { host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => res.destroy())
    req.pipe(forwarded)
  }

  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
    const inside = path.startsWith(root + sep)
    if (req.method === 'GET' && inside && extname(path) !== '' && existsSync(path) && statSync(path).isFile())
      return sendFile(req, res, path)
    // A page the app routes itself (a navigation asks for HTML); every API call goes to the backend.
    if (req.method === 'GET' && /\btext\/html\b/.test(req.headers.accept ?? '')) return sendFile(req, res, join(root, 'index.html'))
    passThrough(req, res)
  })
  // WebSockets: the upgrade request is written to the backend as it came, then bytes flow both ways.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = connect(Number(backend.port), backend.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.setNoDelay(true)
    client.setNoDelay(true)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections()
      server.close()
      agent.destroy()
      await once(server, 'close')
    },
  }
}

/**
 * The web app as `commit` built it, in a temporary directory (`git archive` of the commit, this
 * checkout's node_modules linked in, `vite build`): returns the built folder and its removal.
 */
export function buildCommitWebApp(projectDir: string, commit: string): { dir: string; remove(): void } {
  const checkout = mkdtempSync(join(tmpdir(), 'pulseboard-bench-web-'))
  const remove = () => rmSync(checkout, { recursive: true, force: true })
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: projectDir, maxBuffer: 1 << 30 })
    execFileSync('tar', ['-x', '-C', checkout], { input: archive })
    symlinkSync(join(projectDir, 'node_modules'), join(checkout, 'node_modules'), 'dir')
    execFileSync(process.execPath, [join(checkout, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: checkout,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    return { dir: join(checkout, 'dist'), remove }
  } catch (error) {
    remove()
    throw error
  }
}
