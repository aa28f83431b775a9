import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startFunctionsTestBackend, FUNCTIONS_TEST_ADMIN_SECRET, type FunctionsTestBackend } from '../support/functions-test-backend.ts'

/**
 * Functions run in worker processes: one that spins, sleeps past the time limit, exits or leaks
 * memory costs its own worker, never the backend or the other functions. Two workers, a 4 s
 * limit and a 64 MB heap per worker; the functions folder is watched as `npm run dev` does.
 * The limit leaves a loaded machine time to answer the rounds beside a spinning call, and the
 * leak fills its heap in 8 MB steps, so that it dies of memory well before the time limit.
 */
let server: FunctionsTestBackend

beforeAll(async () => {
  server = await startFunctionsTestBackend(
    {
      'functions/hello.ts': `export default (_req: any, res: any) => res.send('hello')`,
      'functions/spin.ts': `export default () => { for (;;) {} }`,
      'functions/sleep.ts': `export default async (_req: any, res: any) => { await new Promise((r) => setTimeout(r, 60_000)); res.send('late') }`,
      'functions/exit.ts': `export default () => process.exit(3)`,
      'functions/leak.ts': `export default () => { const kept: number[][] = []; for (;;) kept.push(new Array(1_000_000).fill(kept.length)) }`,
    },
    { PULSEBOARD_FUNCTIONS_WORKERS: '2', PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '4000', PULSEBOARD_FUNCTIONS_WORKER_MEMORY_MB: '64' },
    { watchFunctions: true },
  )
})

afterAll(async () => {
  await server?.stop()
})

const call = (path: string) => fetch(`${server.functionsUrl}${path}`)
const statusOf = async (path: string, init?: RequestInit) => (await fetch(`${server.url}${path}`, init)).status
const graphql = () =>
  statusOf('/v1/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': FUNCTIONS_TEST_ADMIN_SECRET },
    body: JSON.stringify({ query: '{ __typename }' }),
  })

/** Waits until every worker serves, then returns their process ids. */
async function readyWorkers(): Promise<number[]> {
  await server.backend.functions.whenReady()
  return server.backend.functions.pids
}

/** The worker a call broke has been replaced: none of `before` but one serves, and two serve. */
async function expectOneReplaced(before: number[]) {
  await vi.waitFor(
    () => {
      const now = server.backend.functions.pids
      expect(now).toHaveLength(2)
      expect(now.filter((pid) => before.includes(pid))).toHaveLength(1)
    },
    { timeout: 10_000 },
  )
}

it('cuts a spinning function off with 504 while /healthz, GraphQL and other functions answer', async () => {
  const before = await readyWorkers()
  let spinEnded = false
  const spinning = call('/spin').then((response) => {
    spinEnded = true
    return response
  })
  const answeredWhileSpinning: boolean[] = []
  for (let round = 0; round < 5; round++) {
    expect(await (await call('/hello')).text()).toBe('hello')
    expect(await statusOf('/healthz')).toBe(200)
    expect(await graphql()).toBe(200)
    answeredWhileSpinning.push(!spinEnded)
  }
  const response = await spinning
  expect(response.status).toBe(504)
  expect(await response.json()).toMatchObject({ error: { code: 'function-timeout' } })
  expect(answeredWhileSpinning).toEqual([true, true, true, true, true])
  await expectOneReplaced(before)
  expect(await (await call('/hello')).text()).toBe('hello')
})

it('cuts off a call awaiting past the time limit with 504 and replaces its worker', async () => {
  const before = await readyWorkers()
  const response = await call('/sleep')
  expect(response.status).toBe(504)
  await expectOneReplaced(before)
})

it.each(['/exit', '/leak'])('answers 502 when %s kills its worker, and replaces the worker', async (path) => {
  const before = await readyWorkers()
  const response = await call(path)
  expect(response.status).toBe(502)
  expect(await response.json()).toMatchObject({ error: { code: 'function-unavailable' } })
  await expectOneReplaced(before)
  expect(await (await call('/hello')).text()).toBe('hello')
})

it('reloads functions when their files change', async () => {
  await readyWorkers()
  server.write('functions/hello.ts', `export default (_req: any, res: any) => res.send('hello again')`)
  server.write('functions/added/index.ts', `export default (_req: any, res: any) => res.send('added')`)
  await vi.waitFor(
    async () => {
      expect(await (await call('/hello')).text()).toBe('hello again')
      expect(await (await call('/added')).text()).toBe('added')
    },
    { timeout: 10_000, interval: 200 },
  )
})
