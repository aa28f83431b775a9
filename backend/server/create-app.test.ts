import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/load-config.ts'
import type { Database } from '../db/database.ts'
import { createLogger } from '../lib/logger.ts'
import { MetadataStore } from '../metadata/store/metadata-store.ts'
import { createApp, ENGINE_VERSION } from './create-app.ts'
import { serveWebApp } from './serve-web-app.ts'

// These routes do not touch the database; services read their settings (defaults here) when mounted.
const context = {
  config: loadConfig({ projectDir: mkdtempSync(join(tmpdir(), 'pulseboard-app-')), env: {} }),
  db: {} as Database,
  log: createLogger('silent'),
  metadata: new MetadataStore(),
}

describe('one-port app shell', () => {
  const app = createApp(context)
  const web = mkdtempSync(join(tmpdir(), 'pulseboard-web-'))
  mkdirSync(join(web, 'assets'))
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>')
  writeFileSync(join(web, 'assets', 'main-abc.js'), 'console.log(1)')
  writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'secret')
  serveWebApp(app, web)

  it.each([
    ['/healthz', 200, 'OK', 'text/plain'],
    ['/v1/version', 200, JSON.stringify({ version: ENGINE_VERSION }), 'application/json'],
    ['/assets/main-abc.js', 200, 'console.log(1)', 'text/javascript'],
    ['/w/acme/dashboards/1', 200, '<!doctype html><title>app</title>', 'text/html'],
    ['/../outside-secret.txt', 200, '<!doctype html><title>app</title>', 'text/html'],
    ['/%2e%2e/outside-secret.txt', 200, '<!doctype html><title>app</title>', 'text/html'],
    ['/bad%E0%A4%A', 200, '<!doctype html><title>app</title>', 'text/html'],
  ])('GET %s', async (path, status, body, type) => {
    const response = await app.request(path)
    expect(response.status).toBe(status)
    expect(await response.text()).toBe(body)
    expect(response.headers.get('content-type')).toContain(type)
  })

  it('sends text assets gzipped to clients that accept it, and plain to others', async () => {
    const zipped = await app.request('/assets/main-abc.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe('console.log(1)')
    const plain = await app.request('/assets/main-abc.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('accept-encoding')
  })

  it.each(['/v1/functions/ingest', '/v1/nope'])('answers %s, which no service owns, with a 404', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ path: '$', error: 'resource does not exist', code: 'not-found' })
  })

  it("answers an unknown storage path and a malformed file id in Nhost Storage's error shape", async () => {
    for (const path of ['/v1/storage/nope', '/v1/storage/files/abc']) {
      const response = await app.request(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('x-error')).toBeTruthy()
      expect(await response.json()).toMatchObject({ error: { message: expect.any(String) } })
    }
  })

  it('marks hashed assets immutable and the app page revalidated', async () => {
    expect((await app.request('/assets/main-abc.js')).headers.get('cache-control')).toContain('immutable')
    expect((await app.request('/')).headers.get('cache-control')).toBe('no-cache')
  })
})
