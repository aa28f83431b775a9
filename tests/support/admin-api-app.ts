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
import { runApiScenario, type ApiScenario } from './api-scenario.ts'
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

/** A scenario on the admin APIs: POST with the admin secret unless `anonymous`, always a JSON answer. */
export interface AdminScenario extends ApiScenario {
  /** Send no admin secret. */
  anonymous?: boolean
}

export async function runAdminScenario(app: Hono, scenario: AdminScenario): Promise<unknown> {
  const secret: Record<string, string> = scenario.anonymous ? {} : { 'x-hasura-admin-secret': ADMIN_SECRET }
  const { json } = await runApiScenario(app, {
    method: 'POST',
    ...scenario,
    // Malformed bodies (strings) are announced as JSON too.
    headers: { 'content-type': 'application/json', ...secret, ...scenario.headers },
  })
  expect(json, `${scenario.name}: a JSON answer`).not.toBeUndefined()
  return json
}
