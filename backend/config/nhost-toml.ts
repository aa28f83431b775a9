import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'smol-toml'
import { ConfigError } from './config-error.ts'

export type TomlTable = { [key: string]: TomlValue }
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable | Date

/**
 * Reads `nhost/nhost.toml`. Nhost resolves `{{ secrets.NAME }}` from the project's `.secrets`
 * file; here the process environment wins over `.secrets`, so CI can override either.
 */
export function readNhostToml(projectDir: string, env: NodeJS.ProcessEnv): TomlTable {
  const file = join(projectDir, 'nhost', 'nhost.toml')
  if (!existsSync(file)) return {}
  let parsed: TomlTable
  try {
    parsed = parse(readFileSync(file, 'utf8')) as TomlTable
  } catch (error) {
    throw new ConfigError('nhost/nhost.toml', (error as Error).message)
  }
  const secrets = { ...readSecretsFile(join(projectDir, '.secrets')), ...env }
  return resolveSecrets(parsed, secrets, '') as TomlTable
}

function readSecretsFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {}
  const secrets: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (match) secrets[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2')
  }
  return secrets
}

function resolveSecrets(value: TomlValue, secrets: Record<string, string | undefined>, path: string): TomlValue {
  if (typeof value === 'string') {
    return value.replace(/\{\{\s*secrets\.([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => {
      const secret = secrets[name]
      if (secret === undefined) throw new ConfigError(`nhost/nhost.toml ${path}`, `secret ${name} is not set`)
      return secret
    })
  }
  if (Array.isArray(value)) return value.map((item, i) => resolveSecrets(item, secrets, `${path}[${i}]`))
  if (value instanceof Date || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveSecrets(item, secrets, path ? `${path}.${key}` : key)]))
}

/** Reads a typed value at a dotted path of the TOML table, naming the key when it is malformed. */
export function tomlValue<T extends 'string' | 'number' | 'boolean' | 'string[]'>(
  table: TomlTable,
  path: string,
  type: T,
): (T extends 'string' ? string : T extends 'number' ? number : T extends 'boolean' ? boolean : string[]) | undefined {
  let node: TomlValue | undefined = table
  for (const key of path.split('.')) {
    if (node === undefined || typeof node !== 'object' || Array.isArray(node) || node instanceof Date) return undefined
    node = node[key]
  }
  if (node === undefined) return undefined
  const ok = type === 'string[]' ? Array.isArray(node) && node.every((item) => typeof item === 'string') : typeof node === type
  if (!ok) throw new ConfigError(`nhost/nhost.toml ${path}`, `expected ${type}`)
  return node as never
}
