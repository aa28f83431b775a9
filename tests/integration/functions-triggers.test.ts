import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startFunctionsTestBackend, FUNCTIONS_TEST_ADMIN_SECRET, type FunctionsTestBackend } from '../support/functions-test-backend.ts'

/**
 * The Nhost pattern end to end: an event trigger posts to `{{NHOST_FUNCTIONS_URL}}/on-item` with
 * the `nhost-webhook-secret` header; the function checks it and writes back through
 * NHOST_GRAPHQL_URL with NHOST_ADMIN_SECRET.
 */
const onItem = `
import type { Request, Response } from 'express'
export default async (req: Request, res: Response) => {
  if (req.headers['nhost-webhook-secret'] !== process.env.NHOST_WEBHOOK_SECRET) return res.status(401).send('wrong webhook secret')
  const item = req.body.event.data.new
  const answer = await fetch(process.env.NHOST_GRAPHQL_URL!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': process.env.NHOST_ADMIN_SECRET! },
    body: JSON.stringify({ query: 'mutation ($name: String!) { insert_seen_one(object: { name: $name }) { name } }', variables: { name: item.name } }),
  })
  res.status(answer.status).json(await answer.json())
}
`
let server: FunctionsTestBackend

const admin = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': FUNCTIONS_TEST_ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  const json = await response.json()
  expect(response.status, JSON.stringify(json)).toBe(200)
  return json as { result?: string[][] }
}
const runSql = (sql: string) => admin('/v2/query', { type: 'run_sql', args: { source: 'default', sql } })

beforeAll(async () => {
  server = await startFunctionsTestBackend({ 'functions/on-item.ts': onItem }, { HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200' })
  await runSql('CREATE TABLE public.items (id serial PRIMARY KEY, name text NOT NULL); CREATE TABLE public.seen (name text PRIMARY KEY)')
  for (const name of ['items', 'seen'])
    await admin('/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: { schema: 'public', name } } })
  await admin('/v1/metadata', {
    type: 'pg_create_event_trigger',
    args: {
      source: 'default',
      name: 'item_created',
      table: { schema: 'public', name: 'items' },
      insert: { columns: '*' },
      webhook: '{{NHOST_FUNCTIONS_URL}}/on-item',
      headers: [{ name: 'nhost-webhook-secret', value_from_env: 'NHOST_WEBHOOK_SECRET' }],
    },
  })
})

afterAll(async () => {
  await server?.stop()
})

it('delivers an event to a function, which writes back through GraphQL', async () => {
  await runSql(`INSERT INTO public.items (name) VALUES ('first'), ('second')`)
  await vi.waitFor(
    async () => {
      const { result } = await runSql('SELECT name FROM public.seen ORDER BY name')
      expect(result).toEqual([['name'], ['first'], ['second']])
    },
    { timeout: 15_000, interval: 200 },
  )
})

it('refuses a call without the webhook secret', async () => {
  const response = await fetch(`${server.functionsUrl}/on-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(response.status).toBe(401)
})
