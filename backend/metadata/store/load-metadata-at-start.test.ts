import { appendFileSync, cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabaseTarget, testDatabaseKind } from '../../../tests/support/test-database.ts'
import type { BackendConfig } from '../../config/load-config.ts'
import { openDatabase, type DatabaseTarget } from '../../db/open-database.ts'
import { applySystemSchemas } from '../../db/system/apply-system-schemas.ts'
import { createLogger } from '../../lib/logger.ts'
import type { StoreContext as BackendContext } from './store-context.ts'
import { mountAdminApi } from '../../admin-api/admin-api.ts'
import { loadMetadataAtStart } from './load-metadata-at-start.ts'
import { MetadataStore } from './metadata-store.ts'

const fixtures = join(import.meta.dirname, '..', 'model', '__fixtures__')

// Creating a PGlite data dir and the system schemas takes up to ~20 s on a loaded machine.
const FIRST_START_TIMEOUT = 90_000

describe(`metadata at start-up, across restarts (${testDatabaseKind})`, () => {
  const projectDir = mkdtempSync(join(tmpdir(), 'pulseboard-project-'))
  cpSync(join(fixtures, 'good', 'nhost'), join(projectDir, 'nhost'), { recursive: true })
  let target: DatabaseTarget
  let drop: () => Promise<void>

  beforeAll(async () => {
    // PGlite persisted in a data dir, or a fresh database on the PostgreSQL server: both re-openable.
    if (testDatabaseKind === 'pglite') {
      target = { kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'pulseboard-data-')) }
      drop = async () => {}
    } else {
      ;({ target, drop } = await createTestDatabaseTarget())
    }
  })
  afterAll(() => drop())

  /** One "run" of the backend: open, prepare, load metadata, do `work`, close. */
  async function start<T>(project: string, work: (context: BackendContext) => Promise<T>): Promise<T> {
    const db = await openDatabase(target)
    try {
      await applySystemSchemas(db)
      const context: BackendContext = {
        config: { adminSecret: 'secret', projectDir: project } as BackendConfig,
        db,
        log: createLogger('silent'),
        metadata: new MetadataStore(),
      }
      await loadMetadataAtStart(context)
      return await work(context)
    } finally {
      await db.close()
    }
  }

  const tableNames = (context: BackendContext) => context.metadata.current.sources[0]?.tables.map((t) => t.table.name)

  it(
    'applies nhost/metadata on the first start',
    async () => {
      await start(projectDir, async (context) => {
        expect(tableNames(context)).toEqual(['users', 'workspaces', 'metrics'])
        expect(context.metadata.resourceVersion).toBe(1)
      })
    },
    FIRST_START_TIMEOUT,
  )

  it('keeps metadata changed through the API across a restart while the folder is unchanged', async () => {
    await start(projectDir, async (context) => {
      const app = new Hono()
      mountAdminApi(app, context)
      const res = await app.request('/v1/metadata', {
        method: 'POST',
        headers: { 'x-hasura-admin-secret': 'secret' },
        body: JSON.stringify({ type: 'clear_metadata', args: {} }),
      })
      expect(res.status).toBe(200)
    })
    await start(projectDir, async (context) => {
      expect(tableNames(context)).toEqual([])
      expect(context.metadata.resourceVersion).toBe(2)
    })
  })

  it('applies the folder again once its content changes', async () => {
    appendFileSync(join(projectDir, 'nhost', 'metadata', 'databases', 'default', 'tables', 'tables.yaml'), '# edited\n')
    await start(projectDir, async (context) => {
      expect(tableNames(context)).toEqual(['users', 'workspaces', 'metrics'])
      expect(context.metadata.resourceVersion).toBe(3)
    })
  })

  it('stops the start on an invalid folder, naming the file and key', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'pulseboard-project-'))
    cpSync(join(fixtures, 'broken-columns', 'nhost'), join(broken, 'nhost'), { recursive: true })
    await expect(start(broken, async () => undefined)).rejects.toThrow(
      'nhost/metadata/databases/default/tables/public_metrics.yaml: select_permissions[0].permission.columns: expected a list of column names or "*"',
    )
  })
})
