import { describe, expect, it } from 'vitest'
import { eventBody, type EventRow } from './event-deliveries.ts'

const payload = {
  op: 'UPDATE',
  data: { old: { id: 1, title: 'a' }, new: { id: 1, title: 'b' } },
  session_variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '42' },
  trace_context: { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: '00f067aa0ba902b7' },
}

const row: EventRow = {
  id: '8c3b2a2e-5c67-4f1e-9a7e-2a0f1f5b9e11',
  schema_name: 'public',
  table_name: 'metrics',
  trigger_name: 'metric_changed',
  payload,
  tries: 2,
  created_at: '2026-03-10T12:00:00.123456',
}

describe('eventBody', () => {
  it("is Hasura's event payload: id, time, trigger, table, the row's payload as written, delivery info", () => {
    expect(eventBody(row, 5)).toEqual({
      id: row.id,
      created_at: '2026-03-10T12:00:00.123456',
      trigger: { name: 'metric_changed' },
      table: { schema: 'public', name: 'metrics' },
      event: payload,
      delivery_info: { max_retries: 5, current_retry: 2 },
    })
  })

  it('passes the trace context on inside `event`, where Hasura puts it', () => {
    const body = eventBody(row, 0) as { event: { trace_context: unknown } }
    expect(body.event.trace_context).toEqual(payload.trace_context)
  })

  it('counts the retry from the tries already made: the first delivery is retry 0', () => {
    expect((eventBody({ ...row, tries: 0 }, 3) as { delivery_info: unknown }).delivery_info).toEqual({ max_retries: 3, current_retry: 0 })
  })
})
