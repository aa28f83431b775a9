import { once } from 'node:events'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { serveNhostBasePaths, toMountedPath } from './service-base-paths.ts'

describe('toMountedPath', () => {
  it('maps each Nhost base URL onto the mounted service, query included', () => {
    expect(toMountedPath('/auth/v1/token')).toBe('/v1/auth/token')
    expect(toMountedPath('/auth/v1')).toBe('/v1/auth')
    expect(toMountedPath('/graphql/v1')).toBe('/v1/graphql')
    expect(toMountedPath('/graphql/v1?x=1')).toBe('/v1/graphql?x=1')
    expect(toMountedPath('/storage/v1/files/abc?w=10')).toBe('/v1/storage/files/abc?w=10')
    expect(toMountedPath('/functions/v1/ingest')).toBe('/v1/functions/ingest')
  })

  it('leaves the older layout, other APIs and app routes as they are', () => {
    for (const path of ['/v1/auth/token', '/v1/graphql', '/v1/metadata', '/healthz', '/auth/v10', '/graphql/v1x', '/w/acme', '/']) {
      expect(toMountedPath(path)).toBe(path)
    }
  })
})

describe('serveNhostBasePaths', () => {
  const server = createServer()
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('rewrites requests and upgrades before the listeners added earlier see them', async () => {
    const seen: string[] = []
    server.on('request', (req, res) => {
      seen.push(`request ${req.url}`)
      res.end()
    })
    server.on('upgrade', (req, socket) => {
      seen.push(`upgrade ${req.url}`)
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
    })
    serveNhostBasePaths(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const send = async (path: string, headers: Record<string, string> = {}) => {
      const req = request({ host: '127.0.0.1', port, path, headers })
      req.on('upgrade', (_res, socket) => socket.destroy())
      req.end()
      await Promise.race([once(req, 'response').then(([res]) => res.resume()), once(req, 'upgrade')])
    }
    await send('/auth/v1/token')
    await send('/v1/auth/token')
    await send('/graphql/v1', { connection: 'Upgrade', upgrade: 'websocket' })
    expect(seen).toEqual(['request /v1/auth/token', 'request /v1/auth/token', 'upgrade /v1/graphql'])
  })
})
