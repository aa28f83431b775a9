import { isDeepStrictEqual } from 'node:util'
import { bind, type ClassState, type Json, type Step } from './case-format.ts'
import type { ReceivedEvent } from './event-receiver.ts'

/** The checks the steps make on answers and delivered events; a failed check throws CaseFailure. */

/** `--verbose`: failures show the expected and actual values. Set once, from the command line. */
export const reporting = { verbose: false }

/** A case that did not do what upstream expects, as against an error of the runner itself. */
export class CaseFailure extends Error {}

export function fail(message: string, detail?: { expected?: Json; actual?: Json }): never {
  let text = message
  if (detail && reporting.verbose)
    text += `\n      expected: ${JSON.stringify(detail.expected)}\n      actual:   ${JSON.stringify(detail.actual)}`
  throw new CaseFailure(text)
}

export function expectEqual(what: string, actual: Json, expected: Json): void {
  if (!isDeepStrictEqual(normalize(actual), normalize(expected))) fail(`${what} differs`, { expected, actual })
}

/** Object key order is not significant (JSON objects), array order is. */
function normalize(value: Json): Json {
  if (Array.isArray(value)) return value.map(normalize)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalize(value[k])]),
    )
  }
  return value
}

/** A path into a JSON value: numbers index arrays, `{key: value}` picks the array element that has it. */
export function at(value: Json, path: Json[]): Json {
  let current = value
  for (const key of path) {
    if (current === undefined || current === null) return undefined
    if (key !== null && typeof key === 'object') {
      const [k, v] = Object.entries(key)[0]!
      current = Array.isArray(current) ? current.find((e: Json) => isDeepStrictEqual(e?.[k], v)) : undefined
    } else current = current[key]
  }
  return current
}

export function checkResponse(step: Step, res: { status: number; body: Json }, state: ClassState): void {
  const status = step.status ?? 200
  if (res.status !== status) fail(`HTTP ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 400)}`)
  if ('response' in step) expectEqual('response', res.body, bind(step.response, state))
  for (const check of (step.checks ?? []) as Json[]) {
    const value = at(res.body, check.path)
    const where = `response at ${JSON.stringify(check.path)}`
    if ('equals' in check) expectEqual(where, value, bind(check.equals, state))
    if (check.exists === true && value === undefined) fail(`${where} is missing`)
    if ('length' in check && (!Array.isArray(value) || value.length !== check.length))
      fail(`${where} has ${Array.isArray(value) ? value.length : 'no'} elements, expected ${check.length}`)
    if (check.all_have && !(Array.isArray(value) && value.every((e: Json) => e && check.all_have in e)))
      fail(`${where}: not every element has "${check.all_have}"`, { actual: value })
  }
  if (step.capture) state.captured[step.capture] = res.body
}

/** Header names are case-insensitive, as in Python's `http.server` headers. */
export function checkHeaders(event: ReceivedEvent, expected: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(expected ?? {})) {
    const actual = event.headers[name.toLowerCase()]
    if (actual !== value) fail(`header ${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`)
  }
}

/** upstream `validate_event`: path, headers, payload shape, trigger, table, op, session variables, data, retry. */
export function checkEvent(event: ReceivedEvent, step: Step, state: ClassState): void {
  const path = step.path ?? '/'
  if (event.path !== path) fail(`event went to ${event.path}, expected ${path}`)
  checkHeaders(event, step.headers)
  const body = event.body
  for (const key of ['created_at', 'event', 'id', 'table', 'trigger']) if (!(key in (body ?? {}))) fail(`event body lacks "${key}"`)
  for (const key of ['data', 'op']) if (!(key in body.event)) fail(`event body lacks "event.${key}"`)
  expectEqual('event table', body.table, step.table)
  if (body.trigger?.name !== step.trigger) fail(`trigger ${body.trigger?.name}, expected ${step.trigger}`)
  if (body.event.op !== step.op) fail(`op ${body.event.op}, expected ${step.op}`)
  expectEqual('session_variables', body.event.session_variables, step.session_variables ?? { 'x-hasura-role': 'admin' })
  expectEqual('event data', body.event.data, bind(step.data, state))
  const retry = step.retry ?? 0
  if (body.delivery_info?.current_retry !== retry) fail(`current_retry ${body.delivery_info?.current_retry}, expected ${retry}`)
}
