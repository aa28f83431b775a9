import { describe, expect, it } from 'vitest'
import { childTraceparent, traceContextFor } from './trace-context.ts'

describe('traceContextFor', () => {
  it("continues a valid traceparent's trace in a new span", () => {
    const context = traceContextFor('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')
    expect(context.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(context.span_id).toMatch(/^[\da-f]{16}$/)
    expect(context.span_id).not.toBe('00f067aa0ba902b7')
  })

  it('starts a trace of its own for a missing, malformed or all-zero traceparent', () => {
    const given = [
      undefined,
      null,
      ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'; DROP TABLE x",
    ]
    const traces = given.map((header) => traceContextFor(header).trace_id)
    for (const trace of traces) expect(trace).toMatch(/^[\da-f]{32}$/)
    expect(new Set([...traces, '4bf92f3577b34da6a3ce929d0e0e4736']).size).toBe(given.length + 1)
  })
})

describe('childTraceparent', () => {
  it("is a sampled child of an event's trace, or null when the event has none", () => {
    expect(childTraceparent({ trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: '00f067aa0ba902b7' })).toMatch(
      /^00-4bf92f3577b34da6a3ce929d0e0e4736-[\da-f]{16}-01$/,
    )
    for (const context of [null, 'x', {}, { trace_id: 42 }, { trace_id: '0'.repeat(32) }, { trace_id: 'XYZ' }]) {
      expect(childTraceparent(context)).toBeNull()
    }
  })
})
