import { FetchError } from '@nhost/nhost-js/fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runApiScenario, serverAt, type ApiScenario } from '../support/api-scenario.ts'
import { startFunctionsTestBackend, FUNCTIONS_TEST_ADMIN_SECRET, type FunctionsTestBackend } from '../support/functions-test-backend.ts'

/**
 * Nhost Functions as Nhost's runtime serves them (github.com/nhost/functions, server.ts): the
 * backend over a throwaway project whose functions/ holds the cases below.
 */
const echo = `
import type { Request, Response } from 'express'
export default (req: Request & { rawBody?: string }, res: Response) => {
  res.json({ method: req.method, path: req.path, query: req.query, body: req.body ?? null, rawBody: req.rawBody ?? null })
}
`
const project: Record<string, string> = {
  'nhost/nhost.toml': `[[global.environment]]\nname = 'GREETING'\nvalue = 'hello from nhost.toml'\n`,
  'functions/index.ts': `export default (_req: any, res: any) => res.json({ route: 'root' })`,
  'functions/echo.ts': echo,
  'functions/sub/index.ts': `export default (_req: any, res: any) => res.json({ route: 'sub/index' })`,
  'functions/nested/deep/fn.js': `module.exports = (_req, res) => res.json({ route: 'nested/deep/fn' })`,
  'functions/nested/esm.js': `export default (_req, res) => res.json({ route: 'nested/esm' })`,
  'functions/greet.ts': `import { greeting } from './_lib/greeting.ts'\nimport { shout } from './nested/_shout'\nexport default (req: any, res: any) => res.send(shout(greeting(String(req.query.name))))`,
  'functions/_lib/greeting.ts': `export const greeting = (name: string): string => 'hello ' + name\nexport default (_req: any, res: any) => res.send('a helper, not a function')`,
  'functions/nested/_shout.ts': `export const shout = (text: string) => text.toUpperCase()\nexport default (_req: any, res: any) => res.send('a helper')`,
  'functions/_private.ts': `export default (_req: any, res: any) => res.send('private')`,
  'functions/node_modules/some-package/index.js': `module.exports = (_req, res) => res.send('a dependency')`,
  'functions/echo.test.ts': `export default (_req: any, res: any) => res.send('a test file')`,
  'functions/no-default.ts': `export const notAHandler = 1`,
  'functions/broken.ts': `export default (req, res) => { res.send( }`,
  'functions/throws.ts': `export default () => { throw new Error('thrown by the function') }`,
  'functions/rejects.ts': `export default async () => { await Promise.resolve(); throw new Error('rejected') }`,
  'functions/env.ts': `export default (_req: any, res: any) => res.json(Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('NHOST_') || k === 'GREETING')))`,
}

let server: FunctionsTestBackend

beforeAll(async () => {
  server = await startFunctionsTestBackend(project)
})

afterAll(async () => {
  await server?.stop()
})

const call = (path: string, init?: RequestInit) => fetch(`${server.functionsUrl}${path}`, init)
const json = async (path: string, init?: RequestInit) => {
  const response = await call(path, init)
  expect(response.status, path).toBe(200)
  return response.json()
}

const routes: ApiScenario[] = [
  ...[
    ['', 'root'],
    ['/', 'root'],
    ['/sub', 'sub/index'],
    ['/sub/', 'sub/index'],
    ['/nested/deep/fn', 'nested/deep/fn'],
    ['/nested/esm', 'nested/esm'],
  ].map(([url, route]) => ({ name: `serves ${url} from ${route}`, url: url!, status: 200, response: { route } })),
  ...[
    '/_private',
    '/_lib/greeting',
    '/nested/_shout',
    '/node_modules/some-package',
    '/echo.test',
    '/no-default',
    '/missing',
    '/echo/more',
  ].map((url) => ({ name: `answers ${url} with 404`, url, status: 404, contains: ['Cannot GET'] })),
]

describe('the route of each file', () => {
  it.each(routes)('$name', async (scenario) => {
    await runApiScenario(serverAt(server.functionsUrl), scenario)
  })

  it('imports other files of functions/, TypeScript or not, with or without an extension', async () => {
    const response = await call('/greet?name=ada')
    expect(await response.text()).toBe('HELLO ADA')
  })

  it('answers 500 for a file that does not load, and serves the others', async () => {
    const response = await call('/broken')
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({
      error: { code: 'function-load-failed', message: expect.stringContaining('failed to load') },
    })
    expect(await json('/sub')).toEqual({ route: 'sub/index' })
  })
})

describe('requests', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('passes %s to the handler', async (method) => {
    expect(await json('/echo?x=1&y=two', { method })).toMatchObject({ method, path: '/echo', query: { x: '1', y: 'two' } })
  })

  it('passes HEAD to the handler', async () => {
    const response = await call('/echo', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
  })

  it('parses JSON and keeps the exact text in req.rawBody', async () => {
    const text = '{ "b": [1, 2.50],\n  "a": "é" }'
    const answer = await json('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    expect(answer).toMatchObject({ body: { a: 'é', b: [1, 2.5] }, rawBody: text })
  })

  it('parses urlencoded bodies, nested keys included', async () => {
    const answer = await json('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b[c]=2',
    })
    expect(answer).toMatchObject({ body: { a: '1', b: { c: '2' } } })
  })

  it('accepts a JSON body just under 6 MB', async () => {
    const text = JSON.stringify({ blob: 'x'.repeat(6 * 1024 * 1024 - 100) })
    const response = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { rawBody: string }).rawBody.length).toBe(text.length)
  })

  it('refuses a body over 6 MB with 413, declared or streamed', async () => {
    const text = JSON.stringify({ blob: 'x'.repeat(6 * 1024 * 1024) })
    const declared = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    expect(declared.status).toBe(413)
    const bytes = new TextEncoder().encode(text)
    const streamed = await call('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(await streamed.json()).toMatchObject({ error: { code: 'payload-too-large' } })
  })

  it('answers malformed JSON with 400', async () => {
    const response = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a": ' })
    expect(response.status).toBe(400)
  })

  it.each(['/throws', '/rejects'])('answers 500 when %s fails', async (path) => {
    const response = await call(path)
    expect(response.status).toBe(500)
  })
})

it('gives functions the environment Nhost injects, nhost.toml global.environment included', async () => {
  const env = await json('/env')
  expect(env).toEqual({
    NHOST_ADMIN_SECRET: FUNCTIONS_TEST_ADMIN_SECRET,
    NHOST_WEBHOOK_SECRET: server.backend.context.config.webhookSecret,
    NHOST_JWT_SECRET: server.backend.context.config.jwtSecretText,
    NHOST_SUBDOMAIN: 'local',
    NHOST_REGION: '',
    NHOST_HASURA_URL: server.url,
    NHOST_GRAPHQL_URL: `${server.url}/graphql/v1`,
    NHOST_AUTH_URL: `${server.url}/auth/v1`,
    NHOST_STORAGE_URL: `${server.url}/storage/v1`,
    NHOST_FUNCTIONS_URL: `${server.url}/functions/v1`,
    GREETING: 'hello from nhost.toml',
  })
})

describe('the nhost-js functions client', () => {
  it('posts JSON and reads the answer', async () => {
    const { status, body } = await server.nhost.functions.post<{ method: string; body: unknown }>('/echo', { counts: [1, 2] })
    expect(status).toBe(200)
    expect(body).toMatchObject({ method: 'POST', body: { counts: [1, 2] } })
  })

  it('fetches text answers', async () => {
    const { body } = await server.nhost.functions.fetch<string>('/greet?name=sdk')
    expect(body).toBe('HELLO SDK')
  })

  it('throws FetchError with the status of a failed call', async () => {
    const failure = await server.nhost.functions.fetch('/missing').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FetchError)
    expect((failure as FetchError).status).toBe(404)
  })
})

describe('a project with no functions yet', () => {
  it('starts no worker until the first call, which the runtime answers', async () => {
    const empty = await startFunctionsTestBackend({})
    try {
      expect(empty.backend.functions.pids).toEqual([])
      const response = await fetch(`${empty.functionsUrl}/anything`)
      expect(response.status).toBe(404)
      expect(empty.backend.functions.pids).toHaveLength(2)
    } finally {
      await empty.stop()
    }
  })
})
