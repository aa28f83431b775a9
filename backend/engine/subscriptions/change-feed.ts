import type { Database } from '../../db/database.ts'
import type { Logger } from '../../lib/logger.ts'
import { CHANGE_CHANNEL } from './change-triggers.ts'
import { tableKey } from './live-query-plan.ts'

/**
 * Listens for the tracked tables' change notifications and hands them on coalesced: every
 * notification that arrives in the same turn of the event loop (a burst of commits, a
 * transaction that touched several tables) becomes one call with the set of tables.
 * `onGap` runs when the database's listening connection came back after a loss: any table may
 * have changed meanwhile.
 */
export async function listenForChanges(
  db: Database,
  log: Logger,
  onChange: (tables: ReadonlySet<string>) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let changed = new Set<string>()
  let scheduled = false
  return db.listen(
    CHANGE_CHANNEL,
    (payload) => {
      const table = parseTable(payload)
      if (table === undefined) return log.warn('ignoring a malformed table change notification', { payload })
      changed.add(table)
      if (scheduled) return
      scheduled = true
      setImmediate(() => {
        const tables = changed
        changed = new Set()
        scheduled = false
        onChange(tables)
      })
    },
    () => {
      log.warn('change notifications resumed after a lost connection; refetching every live query')
      onGap()
    },
  )
}

function parseTable(payload: string): string | undefined {
  try {
    const value: unknown = JSON.parse(payload)
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return tableKey(value[0], value[1])
    }
  } catch {
    // Not JSON: fall through.
  }
  return undefined
}
