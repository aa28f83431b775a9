import { expect } from 'vitest'

/**
 * Table-driven route tests after PocketBase's `ApiScenario`: each scenario is one request and the
 * answer it must get, run against a real app, in-process (a Hono app) or over a socket (`serverAt`).
 */

/** What answers the requests: a Hono app (`app.request`) or a running server. */
export interface ScenarioTarget {
  request(path: string, init: RequestInit, env?: unknown): Response | Promise<Response>
}

/** A server listening at `baseUrl`: scenario URLs are appended to it. */
export function serverAt(baseUrl: string): ScenarioTarget {
  return { request: (path, init) => fetch(`${baseUrl}${path}`, init) }
}

/** The environment under which an in-process Hono app sees `ip` as the client's address. */
export function fromClientAddress(ip: string): unknown {
  return { incoming: { socket: { remoteAddress: ip } } }
}

export interface ScenarioRequest {
  /** GET unless given. */
  method?: string
  url: string
  headers?: Record<string, string>
  /** JSON-encoded with `content-type: application/json` unless a string, which is sent as is. */
  body?: unknown
  /** The client address an in-process app sees (rate limits). */
  ip?: string
}

export interface ScenarioResponse {
  status: number
  headers: Headers
  bytes: Buffer
  text: string
  /** The parsed body; undefined when it is not JSON. */
  json: any
}

export interface ApiScenario<Context = undefined> extends ScenarioRequest {
  name: string
  status: number
  /** The whole JSON answer (`toEqual`). */
  response?: unknown
  /** Part of the JSON answer (`toMatchObject`). */
  matches?: unknown
  /** Fragments the raw body must contain. */
  contains?: string[]
  /** Runs before the request (setup on the app or database). */
  before?: (context: Context) => void | Promise<void>
  /** Runs after the expectations: further checks on the answer, the app or the database. */
  after?: (response: ScenarioResponse, context: Context) => void | Promise<void>
}

export async function sendRequest(target: ScenarioTarget, request: ScenarioRequest): Promise<ScenarioResponse> {
  const headers: Record<string, string> = { ...request.headers }
  let body: string | undefined
  if (typeof request.body === 'string') body = request.body
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body)
    headers['content-type'] ??= 'application/json'
  }
  const env = request.ip === undefined ? undefined : fromClientAddress(request.ip)
  const response = await target.request(request.url, { method: request.method ?? 'GET', headers, body }, env)
  const bytes = Buffer.from(await response.arrayBuffer())
  const text = bytes.toString('utf8')
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    // not JSON: `text` holds it
  }
  return { status: response.status, headers: response.headers, bytes, text, json }
}

/** Runs one scenario: its `before`, the request, the expected status and body, its `after`. */
export async function runApiScenario<Context = undefined>(
  target: ScenarioTarget,
  scenario: ApiScenario<Context>,
  context?: Context,
): Promise<ScenarioResponse> {
  const hookContext = context as Context
  await scenario.before?.(hookContext)
  const response = await sendRequest(target, scenario)
  const label = `${scenario.name}: ${scenario.method ?? 'GET'} ${scenario.url} answered ${response.text.slice(0, 1000)}`
  expect(response.status, label).toBe(scenario.status)
  if (scenario.response !== undefined) expect(response.json, label).toEqual(scenario.response)
  if (scenario.matches !== undefined) expect(response.json, label).toMatchObject(scenario.matches as object)
  for (const fragment of scenario.contains ?? []) expect(response.text, label).toContain(fragment)
  await scenario.after?.(response, hookContext)
  return response
}
