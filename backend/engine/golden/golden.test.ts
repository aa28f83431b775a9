import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SECRET, openEngineApp, postGraphql, type EngineApp } from '../../../tests/support/engine-app.ts'

/**
 * Golden triples (STYLE.md): each `cases/<name>.graphql` beside the SQL the engine compiles for it
 * (`.sql`, from `/v1/graphql/explain`) and the response (`.json`), on PGlite and PostgreSQL alike.
 * A case's header says who runs it: `# role: user`, `# headers: {…}`, `# variables: {…}`, or
 * `# anonymous` for the unauthorized role. `UPDATE_GOLDEN=1` rewrites the expected files.
 */
const CASES = new URL('./cases/', import.meta.url)
const update = process.env.UPDATE_GOLDEN === '1'

interface GoldenCase {
  name: string
  query: string
  role: string | undefined
  headers: Record<string, string>
  variables: Record<string, unknown> | undefined
  anonymous: boolean
}

function readCase(file: string): GoldenCase {
  const text = readFileSync(new URL(file, CASES), 'utf8')
  const header = (key: string) => text.match(new RegExp(`^# ${key}: (.*)$`, 'm'))?.[1]
  const variables = header('variables')
  return {
    name: file.replace(/\.graphql$/, ''),
    query: text,
    role: header('role'),
    headers: JSON.parse(header('headers') ?? '{}') as Record<string, string>,
    variables: variables ? (JSON.parse(variables) as Record<string, unknown>) : undefined,
    anonymous: /^# anonymous$/m.test(text),
  }
}

function expectGolden(file: string, actual: string): void {
  const url = new URL(file, CASES)
  if (update || !existsSync(url)) writeFileSync(url, actual)
  expect(actual).toBe(readFileSync(url, 'utf8'))
}

describe('engine golden cases', () => {
  let engine: EngineApp
  beforeAll(async () => {
    engine = await openEngineApp()
  })
  afterAll(async () => {
    await engine.dispose()
  })

  const cases = readdirSync(CASES).filter((f) => f.endsWith('.graphql')).sort().map(readCase)

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, golden) => {
    const { status, json } = await postGraphql(engine.app, {
      query: golden.query,
      variables: golden.variables,
      role: golden.anonymous ? undefined : golden.role,
      headers: golden.headers,
      anonymous: golden.anonymous,
    })
    expect(status).toBe(200)
    expectGolden(`${golden.name}.json`, `${JSON.stringify(json, null, 2)}\n`)

    const user = { 'x-hasura-role': golden.anonymous ? 'anonymous' : golden.role ?? 'admin', ...golden.headers }
    const explained = await engine.app.request('/v1/graphql/explain', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify({ query: { query: golden.query, variables: golden.variables }, user }),
    })
    const fields = (await explained.json()) as { field: string; sql: string }[]
    expectGolden(`${golden.name}.sql`, fields.map((f) => `-- ${f.field}\n${f.sql};\n`).join('\n'))
  })
})
