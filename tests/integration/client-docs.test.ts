import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * docs/clients.md: every snippet on the page is a file of examples/ that it holds verbatim, and
 * each one runs here as a third-party script would (a child process, with its own node or curl)
 * against the backend serving Pulseboard's own schema, signed in as a user who signed up.
 */
const ROOT = new URL('../../', import.meta.url).pathname
const ADMIN_SECRET = 'client-docs-admin-secret'
const EMAIL = 'ada@example.com'
const runFile = promisify(execFile)
/** A script starts its own node (and tsx) on a machine that may be busy; code generation takes longest. */
const SCRIPT_TIMEOUT_MS = 240_000

/** The files the page shows, and the fence each one sits in. */
const SNIPPETS: [file: string, language: string][] = [
  ['examples/clients/curl.sh', 'sh'],
  ['examples/clients/urql.ts', 'ts'],
  ['examples/clients/apollo.ts', 'ts'],
  ['examples/clients/graphql-request.ts', 'ts'],
  ['examples/codegen/codegen.ts', 'ts'],
  ['examples/codegen/operations.graphql', 'graphql'],
  ['examples/codegen/typed-client.ts', 'ts'],
]

let backend: RunningBackend
let dataDir: string
let dropDatabase: () => Promise<void>
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-client-docs-'))
  const { target, drop } = await createTestDatabaseTarget()
  dropDatabase = drop
  backend = await startBackend({
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET, PULSEBOARD_DEMO: '0' },
    database: target,
    log: createLogger('silent'),
  })
  const signUp = await postJson('/auth/v1/signup/email-password', { email: EMAIL, password: 'correct-horse-9' })
  const { accessToken } = (signUp as { session: { accessToken: string } }).session
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString()
  const pat = (await postJson('/auth/v1/pat', { expiresAt }, { authorization: `Bearer ${accessToken}` })) as { personalAccessToken: string }
  env = {
    ...process.env,
    PULSEBOARD_URL: backend.url,
    PULSEBOARD_PAT: pat.personalAccessToken,
    PULSEBOARD_ACCESS_TOKEN: accessToken,
    PULSEBOARD_ADMIN_SECRET: ADMIN_SECRET,
    PULSEBOARD_EMAIL: EMAIL,
  }
  // Pulseboard's migrations on a fresh database, on a machine that may be busy.
}, 180_000)

afterAll(async () => {
  await backend?.stop()
  await dropDatabase?.()
  rmSync(dataDir, { recursive: true, force: true })
})

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** The script's standard output, as lines; fails with its standard error. */
async function run(command: string, args: string[], cwd = ROOT): Promise<string[]> {
  const { stdout } = await runFile(command, args, { cwd, env, timeout: SCRIPT_TIMEOUT_MS })
  return stdout.trim().split('\n')
}

const runTs = (file: string, cwd = ROOT) => run(process.execPath, ['--import', 'tsx', file], cwd)

/** The value a line `label: <json>` carries, from the last such line. */
function printed(lines: string[], label: string): unknown {
  const line = lines.findLast((l) => l.startsWith(`${label}: `))
  if (line === undefined) throw new Error(`no "${label}:" line in:\n${lines.join('\n')}`)
  return JSON.parse(line.slice(label.length + 2))
}

function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('docs/clients.md', { timeout: SCRIPT_TIMEOUT_MS }, () => {
  it('holds every example file verbatim, and every example file is on it', () => {
    const page = readFileSync(join(ROOT, 'docs/clients.md'), 'utf8')
    for (const [file, language] of SNIPPETS) {
      expect(page, file).toContain(`\`\`\`${language}\n${readFileSync(join(ROOT, file), 'utf8')}\`\`\``)
    }
    const onDisk = ['examples/clients', 'examples/codegen'].flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}`))
    expect(onDisk.sort()).toEqual(SNIPPETS.map(([file]) => file).sort())
  })

  it.skipIf(!installed('curl') || !installed('jq'))(
    'curl: a personal access token, a mutation with POST, a query with GET, the admin secret',
    async () => {
      const lines = await run('bash', ['examples/clients/curl.sh'])
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        { data: { insert_workspaces: { affected_rows: 1 } } },
        { data: { workspaces: [{ name: 'Curl lab', slug: 'curl-lab' }] } },
        { data: { workspaces_aggregate: { aggregate: { count: expect.any(Number) } } } },
      ])
    },
  )

  it('urql: a query, a mutation and a subscription with a personal access token', async () => {
    const lines = await runTs('examples/clients/urql.ts')
    expect(printed(lines, 'query')).toMatchObject({ workspaces: expect.any(Array) })
    expect(printed(lines, 'mutation')).toMatchObject({ insert_workspaces: { affected_rows: 1 } })
    expect(printed(lines, 'subscription')).toMatchObject({ workspaces: expect.arrayContaining([{ slug: 'urql-lab' }]) })
  })

  it("Apollo Client: a mutation, a query and a subscription with a user's access token", async () => {
    const lines = await runTs('examples/clients/apollo.ts')
    expect(printed(lines, 'mutation')).toMatchObject({ insert_workspaces: { affected_rows: 1 } })
    expect(printed(lines, 'query')).toMatchObject({ workspaces: [{ name: 'Apollo lab', members: [{ role: 'owner' }] }] })
    expect(printed(lines, 'subscription')).toMatchObject({ workspaces: [{ slug: 'apollo-lab' }] })
  })

  it('graphql-request: the admin secret, and the admin secret acting as a user', async () => {
    const lines = await runTs('examples/clients/graphql-request.ts')
    expect(printed(lines, 'admin')).toMatchObject({ users: [{ email: EMAIL }] })
    expect(printed(lines, 'as user')).toMatchObject({ workspaces: expect.any(Array) })
  })

  it('GraphQL Code Generator: typed documents from the running backend, sent with graphql-request', async () => {
    // A clean folder, as a new project would be; only the packages are shared.
    const folder = mkdtempSync(join(tmpdir(), 'pulseboard-codegen-example-'))
    try {
      for (const name of ['codegen.ts', 'operations.graphql', 'typed-client.ts']) {
        copyFileSync(join(ROOT, 'examples/codegen', name), join(folder, name))
      }
      writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n')
      symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'))
      await run(join(ROOT, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts'], folder)
      expect(readFileSync(join(folder, 'gql/graphql.ts'), 'utf8')).toContain('export type CreateWorkspaceMutationVariables')
      const lines = await runTs('typed-client.ts', folder)
      expect(lines).toContain('mutation: 1')
      expect(printed(lines, 'query')).toContain('codegen-lab')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
