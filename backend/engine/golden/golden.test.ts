import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SECRET, openEngineApp, postGraphql, type EngineApp } from '../../../tests/support/engine-app.ts'

/**
 * Golden triples (STYLE.md): each `cases/<name>.graphql` beside the SQL the engine compiles for it
 * (`.sql`, from `/v1/graphql/explain`) and the response (`.json`), on PGlite and PostgreSQL alike.
 * `mutation-cases/` holds mutations and their responses, run in name order on a database of their
 * own (explain, as in Hasura, covers queries only). A case's header says who runs it:
 * `# role: user`, `# headers: {…}`, `# variables: {…}`, or `# anonymous` for the unauthorized role.
 * `UPDATE_GOLDEN=1` rewrites the expected files.
 */
const CASES = new URL('./cases/', import.meta.url)
const MUTATION_CASES = new URL('./mutation-cases/', import.meta.url)
const update = process.env.UPDATE_GOLDEN === '1'

interface GoldenCase {
  name: string
  query: string
  role: string | undefined
  headers: Record<string, string>
  variables: Record<string, unknown> | undefined
  anonymous: boolean
}

function readCase(dir: URL, file: string): GoldenCase {
  const text = readFileSync(new URL(file, dir), 'utf8')
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

function expectGolden(dir: URL, file: string, actual: string): void {
  const url = new URL(file, dir)
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

  const cases = readCases(CASES)

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, golden) => {
    await expectGoldenResponse(engine, CASES, golden)

    const user = { 'x-hasura-role': golden.anonymous ? 'anonymous' : (golden.role ?? 'admin'), ...golden.headers }
    const explained = await engine.app.request('/v1/graphql/explain', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify({ query: { query: golden.query, variables: golden.variables }, user }),
    })
    const fields = (await explained.json()) as { field: string; sql: string }[]
    expectGolden(CASES, `${golden.name}.sql`, fields.map((f) => `-- ${f.field}\n${f.sql};\n`).join('\n'))
  })
})

describe('engine golden mutation cases', () => {
  let engine: EngineApp
  beforeAll(async () => {
    engine = await openEngineApp()
  })
  afterAll(async () => {
    await engine.dispose()
  })

  it.each(readCases(MUTATION_CASES).map((c) => [c.name, c] as const))('%s', async (_name, golden) => {
    await expectGoldenResponse(engine, MUTATION_CASES, golden)
  })
})

function readCases(dir: URL): GoldenCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((file) => readCase(dir, file))
}

async function expectGoldenResponse(engine: EngineApp, dir: URL, golden: GoldenCase): Promise<void> {
  const { status, json } = await postGraphql(engine.app, {
    query: golden.query,
    variables: golden.variables,
    role: golden.anonymous ? undefined : golden.role,
    headers: golden.headers,
    anonymous: golden.anonymous,
  })
  expect(status).toBe(200)
  expectGolden(dir, `${golden.name}.json`, `${JSON.stringify(json, null, 2)}\n`)
}
