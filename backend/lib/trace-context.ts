import { randomBytes } from 'node:crypto'

/**
 * A W3C trace context (https://www.w3.org/TR/trace-context/) as Hasura puts it in event payloads
 * (`event.trace_context`): lowercase hex, 32 digits for the trace, 16 for the span.
 */
export interface TraceContext {
  trace_id: string
  span_id: string
}

/** `version-trace_id-parent_id-flags`; ids of all zeros are invalid. */
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}$/
const ALL_ZEROS = /^0+$/

/**
 * A new span for a request: in the caller's trace when it sent a valid `traceparent` header, else
 * in a trace of its own. Either way the span id is new, as the span is this backend's work.
 */
export function traceContextFor(traceparent: string | string[] | undefined | null): TraceContext {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim().toLowerCase()) : null
  const traceId = match && !ALL_ZEROS.test(match[1]!) && !ALL_ZEROS.test(match[2]!) ? match[1]! : randomHex(16)
  return { trace_id: traceId, span_id: randomHex(8) }
}

/**
 * The `traceparent` header of a request sent on behalf of `context` (an event's webhook call): a
 * child span of the one that wrote the event, sampled. Null when the context is not a valid one.
 */
export function childTraceparent(context: unknown): string | null {
  if (typeof context !== 'object' || context === null) return null
  const traceId = (context as Partial<TraceContext>).trace_id
  if (typeof traceId !== 'string' || !/^[\da-f]{32}$/.test(traceId) || ALL_ZEROS.test(traceId)) return null
  return `00-${traceId}-${randomHex(8)}-01`
}

function randomHex(bytes: number): string {
  let hex = randomBytes(bytes).toString('hex')
  // An id of all zeros is invalid: astronomically unlikely, and cheap to rule out.
  while (ALL_ZEROS.test(hex)) hex = randomBytes(bytes).toString('hex')
  return hex
}
