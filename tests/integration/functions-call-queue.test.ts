import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { request, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFunctionsTestBackend, type FunctionsTestBackend } from '../support/functions-test-backend.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * The bound on function calls: one worker serving at most two calls at once and at most two more
 * waiting, so that a flood queues in the backend, bounded, rather than in the workers. A call is
 * held until the test releases it (a file it waits for), so nothing here depends on timing.
 */
const functions = {
  'functions/hold.ts': `import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
export default async (req: any, res: any) => {
  const id = String(req.query.id)
  mkdirSync('started', { recursive: true })
  writeFileSync('started/' + id, '')
  while (!existsSync('released/' + id)) await new Promise((resolve) => setTimeout(resolve, 10))
  res.json({ id })
}`,
  'functions/ok.ts': `export default (_req: any, res: any) => res.json({ ok: true })`,
}

let server: FunctionsTestBackend

beforeAll(async () => {
  server = await startFunctionsTestBackend(functions, {
    PULSEBOARD_FUNCTIONS_WORKERS: '1',
    PULSEBOARD_FUNCTIONS_MAX_CALLS_PER_WORKER: '2',
    PULSEBOARD_FUNCTIONS_MAX_QUEUED_CALLS: '2',
    // Far past the test's own duration: no call here ends by its deadline.
    PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '120000',
  })
  await server.backend.functions.whenReady()
  mkdirSync(join(server.projectDir, 'released'))
}, 300_000)

afterAll(async () => {
  await server?.stop()
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: unknown
}

interface Call {
  answer: Promise<Answer>
  /** The client leaves before the answer. */
  leave(): void
}

function call(path: string): Call {
  const req = request(`${server.url}/v1/functions${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    agent: false,
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      )
    })
    req.on('error', reject)
  })
  req.end('{}')
  return { answer, leave: () => req.destroy() }
}

const hold = (id: string) => call(`/hold?id=${id}`)
const started = (id: string) => existsSync(join(server.projectDir, 'started', id))
const release = (id: string) => writeFileSync(join(server.projectDir, 'released', id), '')
const queued = () => server.backend.functions.queuedCalls
/** What the test waits for does happen; on a loaded machine it may take seconds. */
const LOADED = { timeout: 30_000, interval: 20 }

describe(`function calls past the bound (${testDatabaseKind})`, () => {
  it('queues calls past a worker’s share in arrival order and refuses calls past the queue with a 503 and Retry-After', async () => {
    const a = hold('a')
    const b = hold('b')
    await expect.poll(() => started('a') && started('b'), LOADED).toBe(true)
    const c = hold('c')
    await expect.poll(queued, LOADED).toBe(1)
    const d = hold('d')
    await expect.poll(queued, LOADED).toBe(2)

    // Answered at once in the Functions error shape, not held.
    const refused = await call('/ok').answer
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({ error: { code: 'functions-busy', message: expect.any(String) } })
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.headers['x-request-id']).toBeTruthy()
    // The rest of the backend answers meanwhile.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    // The worker got no more than its share: the queued calls have not started.
    expect([started('c'), started('d')]).toEqual([false, false])
    release('a')
    expect(await a.answer).toMatchObject({ status: 200, body: { id: 'a' } })
    // The first in the queue takes the freed place; the second still waits for one.
    await expect.poll(() => started('c'), LOADED).toBe(true)
    expect(queued()).toBe(1)
    expect(started('d')).toBe(false)

    for (const id of ['b', 'c', 'd']) release(id)
    const answers = await Promise.all([b, c, d].map((held) => held.answer))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(queued()).toBe(0)
    expect((await call('/ok').answer).status).toBe(200)
  }, 60_000)

  it('gives a waiting call’s place back when its client leaves', async () => {
    const e = hold('e')
    const f = hold('f')
    await expect.poll(() => started('e') && started('f'), LOADED).toBe(true)
    const g = hold('g')
    const h = hold('h')
    await expect.poll(queued, LOADED).toBe(2)
    g.leave()
    await expect(g.answer).rejects.toThrow()
    await expect.poll(queued, LOADED).toBe(1)
    // The place g left is taken, not refused.
    const i = hold('i')
    await expect.poll(queued, LOADED).toBe(2)
    for (const id of ['e', 'f', 'h', 'i']) release(id)
    const answers = await Promise.all([e, f, h, i].map((held) => held.answer))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    // The call that left never reached the worker.
    expect(started('g')).toBe(false)
  }, 60_000)
})
