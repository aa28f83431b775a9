import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse, stringify, type TomlTable } from 'smol-toml'

const PROJECT_DIR = resolve(import.meta.dirname, '../..')

export interface TestProject {
  /** The project folder to serve (PULSEBOARD_PROJECT_DIR), its data folder inside it. */
  dir: string
  remove(): void
}

/**
 * This repository's Nhost project with access tokens that live `seconds` (nhost.toml's
 * `[auth.session.accessToken] expiresIn`): its migrations, metadata, emails and functions linked,
 * its nhost.toml copied with that one change.
 */
export function shortTokenProject(seconds: number): TestProject {
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-short-tokens-'))
  mkdirSync(join(dir, 'nhost'))
  for (const part of ['migrations', 'metadata', 'emails']) symlinkSync(join(PROJECT_DIR, 'nhost', part), join(dir, 'nhost', part))
  symlinkSync(join(PROJECT_DIR, 'functions'), join(dir, 'functions'))
  const toml = parse(readFileSync(join(PROJECT_DIR, 'nhost/nhost.toml'), 'utf8'))
  const auth = toml.auth as TomlTable
  const session = (auth.session ?? {}) as TomlTable
  auth.session = { ...session, accessToken: { ...(session.accessToken as TomlTable | undefined), expiresIn: seconds } }
  writeFileSync(join(dir, 'nhost/nhost.toml'), stringify(toml))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
