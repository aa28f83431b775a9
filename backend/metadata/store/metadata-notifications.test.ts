import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAdminApiApp, runAdminScenario } from '../../../tests/support/admin-api-app.ts'
import { trackTables } from '../../../tests/support/metadata.ts'
import { testDatabaseKind } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { createLogger } from '../../lib/logger.ts'
import { followOtherInstances } from './metadata-notifications.ts'
import { MetadataStore } from './metadata-store.ts'
import { readStoredMetadata } from './metadata-storage.ts'

/** Grants (or drops) role user's select permission on shared_t through the metadata API. */
async function grantSelectWith(app: Parameters<typeof runAdminScenario>[0], grant: boolean): Promise<void> {
  const body = grant
    ? {
        type: 'pg_create_select_permission',
        args: { source: 'default', table: 'shared_t', role: 'user', permission: { columns: ['id'], filter: {} } },
      }
    : { type: 'pg_drop_select_permission', args: { source: 'default', table: 'shared_t', role: 'user' } }
  await runAdminScenario(app, { name: grant ? 'grant' : 'revoke', url: '/v1/metadata', body, status: 200 })
}

describe(`instances sharing one database follow each other's changes (${testDatabaseKind})`, () => {
  let api: Awaited<ReturnType<typeof openAdminApiApp>>
  /** A second backend on the same database: its own metadata store, nothing else shared. */
  const other = { metadata: new MetadataStore(), log: createLogger('silent') }
  const changes: string[] = []
  let unfollow: () => Promise<void>
  let unfollowSelf: () => Promise<void>

  const grantSelect = (grant: boolean) => grantSelectWith(api.app, grant)

  beforeAll(async () => {
    api = await openAdminApiApp()
    const stored = await readStoredMetadata(api.context.db)
    other.metadata.replace(stored!.metadata, stored!.resourceVersion)
    other.metadata.subscribe((change) => changes.push(change))
    unfollow = await followOtherInstances({ ...other, db: api.context.db })
    unfollowSelf = await followOtherInstances(api.context)
    await api.context.db.script('create table shared_t (id int primary key)')
  }, 180_000)
  afterAll(async () => {
    await unfollow()
    await unfollowSelf()
    await api.dispose()
  })

  it('reloads metadata another instance saved', async () => {
    await runAdminScenario(api.app, {
      name: 'replace',
      url: '/v1/metadata',
      body: trackTables('shared_t'),
      status: 200,
    })
    await expect.poll(() => other.metadata.resourceVersion).toBe(api.context.metadata.resourceVersion)
    expect(other.metadata.current.sources[0]!.tables.map((t) => t.table.name)).toEqual(['shared_t'])
  })

  it('catches up with a change whose notification it never received, by comparing the stored version', async () => {
    // A third instance whose listening connection delivers nothing: only the fallback can tell it.
    const deaf = { metadata: new MetadataStore(), log: createLogger('silent') }
    const stored = await readStoredMetadata(api.context.db)
    deaf.metadata.replace(stored!.metadata, stored!.resourceVersion)
    let reconnect: (() => void) | undefined
    const db = {
      query: api.context.db.query.bind(api.context.db),
      listen: (_channel: string, _onNotify: unknown, onReconnect?: () => void) => {
        reconnect = onReconnect
        return Promise.resolve(async () => {})
      },
    } as unknown as Database
    const stop = await followOtherInstances({ ...deaf, db }, 200)
    try {
      await grantSelect(true)
      await expect.poll(() => deaf.metadata.resourceVersion, { timeout: 2_000 }).toBe(api.context.metadata.resourceVersion)
      expect(deaf.metadata.current.sources[0]!.tables[0]!.select_permissions).toHaveLength(1)
    } finally {
      await stop()
    }
    // With no timer to speak of, a reconnect alone makes it look again.
    const slow = { metadata: new MetadataStore(), log: createLogger('silent') }
    slow.metadata.replace(deaf.metadata.current, deaf.metadata.resourceVersion)
    const stopSlow = await followOtherInstances({ ...slow, db }, 3_600_000)
    try {
      await grantSelect(false)
      expect(slow.metadata.resourceVersion).toBeLessThan(api.context.metadata.resourceVersion)
      reconnect!()
      await expect.poll(() => slow.metadata.resourceVersion, { timeout: 2_000 }).toBe(api.context.metadata.resourceVersion)
      expect(slow.metadata.current.sources[0]!.tables[0]!.select_permissions ?? []).toHaveLength(0)
    } finally {
      await stopSlow()
    }
    // The instance that listens has followed too, before the next test counts its changes.
    await expect.poll(() => other.metadata.resourceVersion).toBe(api.context.metadata.resourceVersion)
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
