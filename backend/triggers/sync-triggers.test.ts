import { describe, expect, it } from 'vitest'
import type { EventTrigger, Metadata } from '../metadata/model/types.ts'
import { eventTriggersOf } from './sync-triggers.ts'

const trigger = (name: string): EventTrigger => ({
  name,
  definition: { insert: { columns: '*' } },
  retry_conf: { num_retries: 0, interval_sec: 10 },
  webhook: 'http://hooks.example/x',
})

describe('eventTriggersOf', () => {
  it('finds every event trigger of every table of every source, by name, with its table', () => {
    const metadata: Metadata = {
      version: 3,
      sources: [
        {
          name: 'default',
          kind: 'postgres',
          configuration: {},
          tables: [
            { table: { schema: 'public', name: 'items' }, event_triggers: [trigger('item_added'), trigger('item_logged')] },
            { table: { schema: 'public', name: 'plain' } },
          ],
        },
        {
          name: 'other',
          kind: 'postgres',
          configuration: {},
          tables: [{ table: { schema: 'audit', name: 'entries' }, event_triggers: [trigger('entry_added')] }],
        },
      ],
    }
    const found = eventTriggersOf(metadata)
    expect([...found.keys()]).toEqual(['item_added', 'item_logged', 'entry_added'])
    expect(found.get('entry_added')).toEqual({ table: { schema: 'audit', name: 'entries' }, trigger: trigger('entry_added') })
    expect(found.get('item_logged')!.table).toEqual({ schema: 'public', name: 'items' })
  })

  it('finds none in metadata without sources', () => {
    expect(eventTriggersOf({ version: 3, sources: [] }).size).toBe(0)
  })
})
