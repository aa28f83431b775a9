import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config.ts'
import { nhostEnvironment } from './nhost-environment.ts'

function project(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-env-'))
  mkdirSync(join(dir, 'nhost'))
  writeFileSync(join(dir, 'nhost', 'nhost.toml'), toml)
  return dir
}

describe('nhostEnvironment', () => {
  it('gives the service URLs of the one port and the project secrets', () => {
    const config = loadConfig({ projectDir: project(''), env: { HASURA_GRAPHQL_ADMIN_SECRET: 'adm', NHOST_WEBHOOK_SECRET: 'hook' } })
    expect(nhostEnvironment(config, 'http://127.0.0.1:4000/')).toMatchObject({
      NHOST_ADMIN_SECRET: 'adm',
      NHOST_WEBHOOK_SECRET: 'hook',
      NHOST_JWT_SECRET: config.jwtSecretText,
      NHOST_SUBDOMAIN: 'local',
      NHOST_GRAPHQL_URL: 'http://127.0.0.1:4000/graphql/v1',
      NHOST_AUTH_URL: 'http://127.0.0.1:4000/auth/v1',
      NHOST_STORAGE_URL: 'http://127.0.0.1:4000/storage/v1',
      NHOST_FUNCTIONS_URL: 'http://127.0.0.1:4000/functions/v1',
    })
  })

  it("adds nhost.toml's [[global.environment]]", () => {
    const config = loadConfig({ projectDir: project('[[global.environment]]\nname = "GREETING"\nvalue = "hi"\n'), env: {} })
    expect(nhostEnvironment(config, 'http://h').GREETING).toBe('hi')
  })

  it('names a malformed entry', () => {
    const config = loadConfig({ projectDir: project('[[global.environment]]\nname = "1BAD"\nvalue = "x"\n'), env: {} })
    expect(() => nhostEnvironment(config, 'http://h')).toThrow(/global\.environment\[0\]/)
  })
})
