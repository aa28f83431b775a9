import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { BackendContext } from '../context/backend-context.ts'
import type { GraphqlEngine } from '../engine/execute/graphql-engine.ts'
import { createLogger } from '../lib/logger.ts'
import { STORAGE_OPENAPI_YAML } from './openapi-document.ts'
import { STORAGE_VERSION, storageRoutes } from './storage-routes.ts'

const document = parse(STORAGE_OPENAPI_YAML) as {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, unknown>>
}
const METHODS = new Set(['get', 'head', 'put', 'post', 'delete', 'patch', 'options'])

const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-storage-openapi-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** `METHOD /path` of every route the storage service answers, in OpenAPI's `{param}` form. */
function servedOperations(): Set<string> {
  // Only what routing needs: nothing here is called while the routes are built.
  const context = {
    config: { dataDir, adminSecret: 'openapi-test', blobStore: { kind: 'disk' } },
    log: createLogger('silent'),
  } as unknown as BackendContext
  const app = storageRoutes(context, {} as GraphqlEngine)
  const served = new Set<string>()
  for (const route of app.routes) {
    // Middleware (CORS, headers) and the catch-all 404 are registered for every method and path.
    if (route.method === 'ALL' || route.path.endsWith('*')) continue
    const path = route.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')
    served.add(`${route.method} ${path}`)
    // Hono answers HEAD with the GET route, without the body.
    if (route.method === 'GET') served.add(`HEAD ${path}`)
  }
  return served
}

describe('the storage OpenAPI document', () => {
  it('is OpenAPI 3 of this version of the service', () => {
    expect(document.openapi).toMatch(/^3\.0\.\d$/)
    expect(document.info.version).toBe(STORAGE_VERSION)
  })

  it('documents every route the service answers, and only those', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => METHODS.has(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    const served = servedOperations()
    // A GET documented without its HEAD is fine: HEAD is the same route.
    const headsOnlyServed = [...served].filter((op) => op.startsWith('HEAD ') && !documented.has(op))
    expect([...served].filter((op) => !documented.has(op) && !headsOnlyServed.includes(op))).toEqual([])
    expect([...documented].filter((op) => !served.has(op))).toEqual([])
    expect(documented.size).toBeGreaterThanOrEqual(14)
  })
})
