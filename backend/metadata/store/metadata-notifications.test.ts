import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAdminApiApp, runAdminScenario } from '../../../tests/support/admin-api-app.ts'
import { testDatabaseKind } from '../../../tests/support/test-database.ts'
import { createLogger } from '../../lib/logger.ts'
import { followOtherInstances } from './metadata-notifications.ts'
import { MetadataStore } from './metadata-store.ts'
import { readStoredMetadata } from './metadata-storage.ts'

describe(`instances sharing one database follow each other's changes (${testDatabaseKind})`, () => {
  let api: Awaited<ReturnType<typeof openAdminApiApp>>
  /** A second backend on the same database: its own metadata store, nothing else shared. */
  const other = { metadata: new MetadataStore(), log: createLogger('silent') }
  const changes: string[] = []
  let unfollow: () => Promise<void>
  let unfollowSelf: () => Promise<void>

  beforeAll(async () => {
    api = await openAdminApiApp()
    const stored = await readStoredMetadata(api.context.db)
    other.metadata.replace(stored!.metadata, stored!.resourceVersion)
    other.metadata.subscribe((change) => changes.push(change))
    unfollow = await followOtherInstances({ ...other, db: api.context.db })
    unfollowSelf = await followOtherInstances(api.context)
    await api.context.db.script('create table shared_t (id int primary key)')
  })
  afterAll(async () => {
    await unfollow()
    await unfollowSelf()
    await api.dispose()
  })

  it('reloads metadata another instance saved', async () => {
    await runAdminScenario(api.app, {
      name: 'replace',
      url: '/v1/metadata',
      body: {
        type: 'replace_metadata',
        args: { version: 3, sources: [{ name: 'default', kind: 'postgres', tables: [{ table: 'shared_t' }], configuration: {} }] },
      },
      status: 200,
    })
    await expect.poll(() => other.metadata.resourceVersion).toBe(api.context.metadata.resourceVersion)
    expect(other.metadata.current.sources[0]!.tables.map((t) => t.table.name)).toEqual(['shared_t'])
  })

  it("rebuilds after another instance's DDL, and ignores its own notifications", async () => {
    changes.length = 0
    const own: string[] = []
    const stop = api.context.metadata.subscribe((change) => own.push(change))
    await runAdminScenario(api.app, {
      name: 'ddl',
      url: '/v2/query',
      body: { type: 'run_sql', args: { sql: 'create table shared_u (id int)' } },
      status: 200,
    })
    await expect.poll(() => changes).toEqual(['catalog'])
    await new Promise((resolve) => setTimeout(resolve, 100))
    stop()
    expect(own).toEqual(['catalog'])
  })
})
