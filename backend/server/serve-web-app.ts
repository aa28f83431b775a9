import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { Hono } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

/**
 * Serves the built single-page app: files under `dir` as they are, and `index.html` for any other
 * GET so that client-side routes such as `/w/acme` load. Registered after every API route.
 */
export function serveWebApp(app: Hono, dir: string): void {
  const root = normalize(dir)
  app.get('*', async (c) => {
    const path = normalize(join(root, safeDecode(c.req.path)))
    // A path that normalises outside the folder (`/../`) is answered with the app, not the file.
    const inside = path.startsWith(root + sep)
    const file = inside && existsSync(path) && extname(path) !== '' ? path : join(root, 'index.html')
    const body = await readFile(file)
    const immutable = file.includes(`${sep}assets${sep}`)
    return c.body(body, 200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
  })
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return '/' // a malformed escape names no file: answer with the app
  }
}
