import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { expect } from 'vitest'
import { loadConfig } from '../../backend/config/load-config.ts'
import type { Database } from '../../backend/db/database.ts'
import { applySystemSchemas } from '../../backend/db/system/apply-system-schemas.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import { mountAdminApi } from '../../backend/admin-api/admin-api.ts'
import { loadMetadataAtStart } from '../../backend/metadata/store/load-metadata-at-start.ts'
import { MetadataStore } from '../../backend/metadata/store/metadata-store.ts'
import type { BackendContext } from '../../backend/context/backend-context.ts'
import { openTestDatabase } from './test-database.ts'

export const ADMIN_SECRET = 'test-admin-secret'

/**
 * The admin APIs alone, for in-process requests, on a fresh database with the system schemas and
 * the start-up metadata of a project without `nhost/metadata` (empty, resource_version 1).
 */
export async function openAdminApiApp(): Promise<{ app: Hono; context: BackendContext; dispose: () => Promise<void> }> {
  const db = await openTestDatabase()
  await applySystemSchemas(db)
  const context: BackendContext = {
    config: {
      ...loadConfig({ projectDir: mkdtempSync(join(tmpdir(), 'pulseboard-project-')), env: {} }),
      adminSecret: ADMIN_SECRET,
    },
    db: db as Database,
    log: createLogger('silent'),
    metadata: new MetadataStore(),
  }
  await loadMetadataAtStart(context)
  const app = new Hono()
  mountAdminApi(app, context)
  return { app, context, dispose: () => db.dispose() }
}

/** One request of a scenario table (PocketBase's `ApiScenario`). */
export interface AdminScenario {
  name: string
  url: string
  /** JSON-encoded unless already a string (for malformed bodies). */
  body: unknown
  headers?: Record<string, string>
  /** Send no admin secret. */
  anonymous?: boolean
  status: number
  /** The whole JSON answer. */
  response?: unknown
  /** Part of the JSON answer (`toMatchObject`). */
  matches?: unknown
}

export async function runAdminScenario(app: Hono, scenario: AdminScenario): Promise<unknown> {
  const secret: Record<string, string> = scenario.anonymous ? {} : { 'x-hasura-admin-secret': ADMIN_SECRET }
  const res = await app.request(scenario.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...secret, ...scenario.headers },
    body: typeof scenario.body === 'string' ? scenario.body : JSON.stringify(scenario.body),
  })
  const json: unknown = await res.json()
  expect({ status: res.status, json }).toMatchObject({ status: scenario.status })
  if (scenario.response !== undefined) expect(json).toEqual(scenario.response)
  if (scenario.matches !== undefined) expect(json).toMatchObject(scenario.matches as object)
  return json
}
