import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { GraphQLError } from 'graphql'
import { parseDocument } from 'yaml'
import { mergeActionsGraphql } from './merge-actions-graphql.ts'
import { MetadataParseError } from './metadata-parse-error.ts'
import { parseMetadata } from './parse-metadata.ts'
import type { Metadata } from './types.ts'

/**
 * Reads a Hasura v2 metadata directory (CLI config v3, as `hasura metadata export` writes it and
 * Nhost deploys it) into the typed model. File names and the top-level key each one fills:
 * https://hasura.io/docs/2.0/migrations-metadata-seeds/metadata-format/
 */
const TOP_LEVEL_FILES: Record<string, string> = {
  'remote_schemas.yaml': 'remote_schemas',
  'query_collections.yaml': 'query_collections',
  'allow_list.yaml': 'allowlist',
  'cron_triggers.yaml': 'cron_triggers',
  'rest_endpoints.yaml': 'rest_endpoints',
  'api_limits.yaml': 'api_limits',
  'metrics_config.yaml': 'metrics_config',
  'inherited_roles.yaml': 'inherited_roles',
  'graphql_schema_introspection.yaml': 'graphql_schema_introspection',
  'network.yaml': 'network',
  'backend_configs.yaml': 'backend_configs',
  'opentelemetry.yaml': 'opentelemetry',
}

/** `"!include path"` (the CLI writes it as a quoted string) or the `!include path` tag. */
const INCLUDE = /^!include\s+(\S.*?)\s*$/

export interface LoadedMetadataDirectory {
  metadata: Metadata
  /** SHA-256 over every file's relative path and bytes: changes whenever the folder's content does. */
  contentHash: string
}

/**
 * Loads `dir`; errors (`MetadataParseError`) name the file relative to `displayBase` and the key
 * path inside it, e.g. `nhost/metadata/databases/default/tables/public_metrics.yaml:
 * select_permissions[0].permission.columns: expected a list of column names or "*"`.
 */
export function loadMetadataDirectory(dir: string, displayBase = dirname(dirname(dir))): LoadedMetadataDirectory {
  const root = realpathSync(dir)
  const origins = new WeakMap<object, string>()
  const display = (file: string) =>
    relative(displayBase, join(dir, relative(root, file)))
      .split(sep)
      .join('/')

  const readYaml = (file: string, stack: string[]): unknown => {
    if (stack.includes(file))
      throw new MetadataParseError({ file: display(file), path: [] }, `!include cycle: ${[...stack, file].map(display).join(' → ')}`)
    const doc = parseDocument(readFileSync(file, 'utf8'), {
      customTags: [{ tag: '!include', resolve: (path: string) => `!include ${path}` }],
    })
    const problem = doc.errors[0]
    if (problem) throw new MetadataParseError({ file: display(file), path: [] }, `invalid YAML: ${problem.message.split('\n')[0]}`)
    return resolveIncludes(doc.toJS(), file, [...stack, file])
  }

  const resolveIncludes = (value: unknown, file: string, stack: string[]): unknown => {
    if (typeof value === 'string') {
      const match = INCLUDE.exec(value)
      if (!match) return value
      const target = includedFile(match[1]!, file)
      const included = readYaml(target, stack)
      if (typeof included === 'object' && included !== null) origins.set(included, display(target))
      return included
    }
    if (Array.isArray(value)) return value.map((item) => resolveIncludes(item, file, stack))
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveIncludes(v, file, stack)]))
    }
    return value
  }

  /** Includes are relative to the including file and may not leave the metadata directory. */
  const includedFile = (path: string, from: string): string => {
    const at = { file: display(from), path: [] }
    if (isAbsolute(path)) throw new MetadataParseError(at, `!include ${path}: must be a path relative to the including file`)
    const target = resolve(dirname(from), path)
    if (!isInside(root, target)) throw new MetadataParseError(at, `!include ${path}: refers outside the metadata directory`)
    if (!existsSync(target)) throw new MetadataParseError(at, `!include ${path}: file not found`)
    if (!isInside(root, realpathSync(target))) throw new MetadataParseError(at, `!include ${path}: refers outside the metadata directory`)
    return realpathSync(target)
  }

  const optionalFile = (name: string): unknown => {
    const file = join(root, name)
    return existsSync(file) ? readYaml(file, []) : undefined
  }

  const versionFile = join(root, 'version.yaml')
  if (!existsSync(versionFile))
    throw new MetadataParseError({ file: display(versionFile), path: [] }, 'file not found (expected "version: 3")')
  const version = readYaml(versionFile, []) as { version?: unknown } | null
  if (version?.version !== 3) {
    throw new MetadataParseError({ file: display(versionFile), path: ['version'] }, 'expected 3 (Hasura CLI config v3 metadata)')
  }

  const json: Record<string, unknown> = { version: 3, sources: optionalFile('databases/databases.yaml') ?? [] }
  if (Array.isArray(json.sources)) origins.set(json.sources, display(join(root, 'databases/databases.yaml')))
  for (const [fileName, key] of Object.entries(TOP_LEVEL_FILES)) {
    const value = optionalFile(fileName)
    if (value !== undefined && value !== null) json[key] = value
  }
  const actions = optionalFile('actions.yaml') as { actions?: unknown; custom_types?: unknown } | null | undefined
  const sdlFile = join(root, 'actions.graphql')
  const sdl = existsSync(sdlFile) ? readFileSync(sdlFile, 'utf8') : ''
  try {
    const merged = mergeActionsGraphql(sdl, actions?.actions, actions?.custom_types)
    if (merged.actions !== undefined) json.actions = merged.actions
    if (merged.custom_types !== undefined) json.custom_types = merged.custom_types
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error
    const where = error.locations?.[0]
    throw new MetadataParseError(
      { file: display(sdlFile), path: [] },
      `${error.message}${where ? ` (line ${where.line}, column ${where.column})` : ''}`,
    )
  }

  for (const [key, value] of Object.entries(json)) {
    const file =
      Object.entries(TOP_LEVEL_FILES).find(([, k]) => k === key)?.[0] ??
      (key === 'actions' || key === 'custom_types' ? 'actions.yaml' : undefined)
    if (file && typeof value === 'object' && value !== null && !origins.has(value)) origins.set(value, display(join(root, file)))
  }
  const metadata = parseMetadata(json, { origins, at: { file: display(root), path: [] } })
  return { metadata, contentHash: hashDirectory(root) }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

function hashDirectory(root: string): string {
  const hash = createHash('sha256')
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else
        hash
          .update(`${relative(root, path).split(sep).join('/')}\0`)
          .update(readFileSync(path))
          .update('\0')
    }
  }
  walk(root)
  return hash.digest('hex')
}
