import { getPriority } from 'node:os'
import { request, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../../backend/lib/logger.ts'
import { expectHealthzWithin } from '../support/expect-healthz-within.ts'
import { startFunctionsTestBackend, type FunctionsTestBackend } from '../support/functions-test-backend.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * What a clumsy or hostile client sends to Nhost Functions (`/v1/functions`), group by group,
 * against the real backend and its worker processes. Every answer the runtime gives itself is
 * JSON `{error: {code, message}}`, as functions answer their own errors (never Express's HTML
 * page), and carries `x-request-id`; after each group the same process answers `/healthz` within 100 ms
 * and its RSS has grown less than 100 MB.
 */
const functions: Record<string, string> = {
  'functions/echo.ts': `export default (req: any, res: any) => res.json({ type: typeof req.body, requestId: req.headers['x-request-id'], length: (req.rawBody ?? '').length })`,
  'functions/ok.ts': `export default (_req: any, res: any) => res.json({ ok: true })`,
  'functions/cookies.ts': `export default (_req: any, res: any) => res.setHeader('set-cookie', ['a=1', 'b=2']).json({})`,
  'functions/throws.ts': `export default () => { throw new Error('secret detail of the failure') }`,
  // 20 ms of CPU per call.
  'functions/spin.ts': `export default (_req: any, res: any) => { const until = performance.now() + 20; while (performance.now() < until); res.json({ spun: true }) }`,
  // 16 MB, 64 KB at a time, slowly: a client can leave in the middle.
  'functions/stream.ts': `export default async (_req: any, res: any) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' })
    for (let i = 0; i < 256; i++) {
      if (!res.write(Buffer.alloc(65536, 120))) await new Promise((resolve) => res.once('drain', resolve))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    res.end()
  }`,
}

const TIME_LIMIT_MS = 10_000
const logged: { message: string; fields?: Record<string, unknown> }[] = []
const log: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message, fields) => void logged.push({ message, fields }),
  error: (message, fields) => void logged.push({ message, fields }),
}
let server: FunctionsTestBackend
let rssBefore = 0

beforeAll(async () => {
  server = await startFunctionsTestBackend(functions, { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: String(TIME_LIMIT_MS) }, { log })
  await server.backend.functions.whenReady()
  rssBefore = process.memoryUsage().rss
}, 300_000)

afterAll(async () => {
  await server?.stop()
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/** One request over a fresh connection; `write` sends the body (and may stall or leave). */
function send(
  path: string,
  headers: Record<string, string>,
  write: (req: ReturnType<typeof request>) => void | Promise<void>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }),
      )
      response.on('error', reject)
    })
    req.on('error', reject)
    void write(req)
  })
}

const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  send(path, { 'content-type': 'application/json', ...headers }, (req) => void req.end(body))

/** An error answered by the functions runtime: JSON `{error: {code, message}}` and the request id. */
function expectFamilyError(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text.slice(0, 200)).toBe(status)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  expect(JSON.parse(answer.text)).toEqual({ error: { code, message: expect.any(String) } })
  expect(answer.headers['x-request-id']).toMatch(/^[\w.:-]{1,128}$/)
}

/** The same process still serves: `/healthz` within 100 ms, a call answered, RSS within 100 MB of the start. */
async function expectStillServing(): Promise<void> {
  await expectHealthzWithin(server.url)
  expect((await post('/v1/functions/ok', '{}')).status).toBe(200)
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe(`hostile input to functions (${testDatabaseKind})`, () => {
  it('answers malformed and truncated JSON with a JSON 400, not an HTML page', async () => {
    for (const body of ['{"a": ', '{"a": 1,}', 'not json', '{"a": "\\u12"}', '\u0000', '[1, 2']) {
      const answer = await post('/v1/functions/echo', body)
      expectFamilyError(answer, 400, 'invalid-json')
      expect(answer.text).not.toContain('<html')
      expect(answer.text).not.toContain('at JSON.parse')
    }
    await expectStillServing()
  })

  it('answers bodies of a wrong or unknown content type and encoding', async () => {
    expectFamilyError(
      await post('/v1/functions/echo', '{}', { 'content-type': 'application/json; charset=klingon' }),
      415,
      'unsupported-charset',
    )
    expectFamilyError(await post('/v1/functions/echo', '{}', { 'content-encoding': 'compress' }), 415, 'unsupported-encoding')
    expectFamilyError(await post('/v1/functions/echo', 'not gzip', { 'content-encoding': 'gzip' }), 400, 'invalid-request')
    // Types no parser claims reach the function unparsed, as in Nhost's runtime.
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
      const answer = await post('/v1/functions/echo', '{"a": 1}', { 'content-type': type })
      expect({ type, status: answer.status }).toEqual({ type, status: 200 })
      expect(answer.headers['x-request-id']).toBeTruthy()
    }
    await expectStillServing()
  })

  it('refuses an oversized body with a readable 413, declared or streamed, and serves the next call', async () => {
    const big = Buffer.alloc(7 * 1024 * 1024, 0x20)
    expectFamilyError(await post('/v1/functions/echo', big), 413, 'payload-too-large')
    const streamed = await send('/v1/functions/echo', { 'content-type': 'application/json' }, async (req) => {
      for (let at = 0; at < big.length; at += 256 * 1024) {
        if (req.destroyed) return
        if (!req.write(big.subarray(at, at + 256 * 1024))) await new Promise((resolve) => req.once('drain', resolve))
      }
      req.end()
    })
    expectFamilyError(streamed, 413, 'payload-too-large')
    await expectStillServing()
  })

  it('passes deep JSON to the function without harm to the backend', async () => {
    for (const depth of [10_000, 100_000]) {
      const answer = await post('/v1/functions/ok', `${'['.repeat(depth)}${']'.repeat(depth)}`)
      expect({ depth, status: answer.status }).toEqual({ depth, status: 200 })
    }
    // The urlencoded parser bounds nesting itself (32 levels): a 4xx in the family, not a 500 or an HTML page.
    const form = await post('/v1/functions/ok', `a${'[a]'.repeat(5_000)}=1`, { 'content-type': 'application/x-www-form-urlencoded' })
    expectFamilyError(form, 400, 'invalid-request')
    await expectStillServing()
  })

  it('waits for a slow body within the time limit and answers a stalled one with a JSON 504', async () => {
    const slow = await send('/v1/functions/echo', { 'content-type': 'application/json', 'content-length': '11' }, async (req) => {
      for (const character of '{"a": true}') {
        req.write(character)
        await sleep(100)
      }
      req.end()
    })
    expect(slow.status).toBe(200)
    expect(JSON.parse(slow.text)).toMatchObject({ type: 'object', length: 11 })
    const stalled = await send('/v1/functions/echo', { 'content-type': 'application/json', 'content-length': '100' }, (req) => {
      req.write('{"a": ')
    })
    expectFamilyError(stalled, 504, 'function-timeout')
    await expectStillServing()
  }, 60_000)

  it('survives clients that leave mid-request and mid-response', async () => {
    for (let i = 0; i < 10; i++) {
      const req = request(`${server.url}/v1/functions/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000000' },
        agent: false,
      })
      req.on('error', () => {})
      req.write('{"a": "')
      await sleep(20)
      req.destroy()
    }
    for (let i = 0; i < 10; i++) {
      await new Promise<void>((resolve) => {
        const req = request(`${server.url}/v1/functions/stream`, { method: 'POST', agent: false }, (response) => {
          response.once('data', () => {
            req.destroy()
            resolve()
          })
        })
        req.on('error', () => resolve())
        req.end()
      })
    }
    await expectStillServing()
    // The calls that were left released their workers: a full set of calls in parallel is answered.
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/v1/functions/ok', '{}')))
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200))
  }, 60_000)

  it('keeps /healthz and GraphQL answering under a flood of CPU-bound calls, whose workers yield the CPU', async () => {
    for (const pid of server.backend.functions.pids) expect(getPriority(pid)).toBeGreaterThan(getPriority())
    const flood = Promise.all(Array.from({ length: 48 }, () => post('/v1/functions/spin', '{}')))
    const probes: number[] = []
    for (let i = 0; i < 10; i++) {
      const started = performance.now()
      const response = await fetch(`${server.url}/healthz`)
      await response.text()
      probes.push(performance.now() - started)
    }
    // On a machine so busy that a niced worker's calls pass the time limit, they answer 504 in the family.
    for (const answer of await flood) {
      if (answer.status === 200) expect(answer.headers['x-request-id']).toBeTruthy()
      else expectFamilyError(answer, 504, 'function-timeout')
    }
    expect(Math.max(...probes)).toBeLessThan(2_000)
    // Workers cut off by the time limit are replaced; their replacements load the functions first.
    await server.backend.functions.whenReady()
    await expectStillServing()
  }, 180_000)

  it("names every answer and every log line of a call with its request id, the client's own when sane", async () => {
    await server.backend.functions.whenReady()
    const echoed = await post('/v1/functions/echo', '{}', { 'x-request-id': 'client-id-42' })
    expect(echoed.headers['x-request-id']).toBe('client-id-42')
    expect(JSON.parse(echoed.text)).toMatchObject({ requestId: 'client-id-42' })
    const replaced = await post('/v1/functions/echo', '{}', { 'x-request-id': 'not sane'.repeat(40) })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(replaced.text)).toMatchObject({ requestId: replaced.headers['x-request-id'] })
    // The id joins the function's own headers without replacing a repeated one.
    const cookies = await post('/v1/functions/cookies', '{}')
    expect(cookies.headers['set-cookie']).toEqual(['a=1', 'b=2'])
    expect(cookies.headers['x-request-id']).toBeTruthy()
    const failed = await post('/v1/functions/throws', '{}', { 'x-request-id': 'failing-call-7' })
    expectFamilyError(failed, 500, 'internal-error')
    expect(failed.text).not.toContain('secret detail')
    await expect.poll(() => logged.find((line) => line.fields?.requestId === 'failing-call-7')?.fields?.error).toContain('secret detail')
  })
})
