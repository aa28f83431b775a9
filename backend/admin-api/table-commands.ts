import { AdminApiError } from './admin-api-error.ts'
import { DEFAULT_SOURCE, displayName, findInconsistencies } from '../metadata/store/find-inconsistencies.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import type { MetadataCommand, MetadataState } from './metadata-commands.ts'
import {
  readArrayRelationship,
  readDeletePermission,
  readFunctionMetadata,
  readInsertPermission,
  readObjectRelationship,
  readQualifiedName,
  readSelectPermission,
  readTableMetadata,
  readUpdatePermission,
} from '../metadata/model/parse-metadata.ts'
import type { Metadata, PermissionEntry, QualifiedTable, Source, TableMetadata } from '../metadata/model/types.ts'

/**
 * The per-object metadata commands the Hasura console and the Nhost CLI send
 * (https://hasura.io/docs/2.0/api-reference/metadata-api/table-view/, …/permission/,
 * …/relationship/, …/custom-functions/). Each one edits the metadata; the result must not add
 * inconsistencies, else Hasura's 400 `invalid-configuration` with the reasons (`buildSchemaCacheFor`).
 */
export function tableCommands(type: string, args: JsonNode): MetadataCommand | undefined {
  const permission = /^pg_(create|drop)_(insert|select|update|delete)_permission$/.exec(type)
  if (permission) {
    const kind = permission[2] as PermissionKind
    return permission[1] === 'create' ? createPermission(args, kind) : dropPermission(args, kind)
  }
  switch (type) {
    case 'pg_track_table':
      return trackTable(args)
    case 'pg_untrack_table':
      return untrackTable(args)
    case 'pg_set_table_customization':
      return setTableCustomization(args)
    case 'pg_create_object_relationship':
      return createRelationship(args, 'object')
    case 'pg_create_array_relationship':
      return createRelationship(args, 'array')
    case 'pg_drop_relationship':
      return dropRelationship(args)
    case 'pg_track_function':
      return trackFunction(args)
    case 'pg_untrack_function':
      return untrackFunction(args)
    default:
      return undefined
  }
}

type PermissionKind = 'insert' | 'select' | 'update' | 'delete'

const quoted = (name: QualifiedTable) => `"${displayName(name)}"`

function sourceName(args: JsonNode): string {
  return args.optional('source', (n) => n.nonEmptyString()) ?? DEFAULT_SOURCE
}

/** `{table: …}`, or the older form where the arguments themselves name the table. */
function tableArg(args: JsonNode, key = 'table'): QualifiedTable {
  args.object()
  return args.key(key).isAbsent ? readQualifiedName(args) : readQualifiedName(args.key(key))
}

function findSource(metadata: Metadata, name: string): Source {
  const source = metadata.sources.find((s) => s.name === name)
  if (!source) throw new AdminApiError(400, 'not-exists', `source with name "${name}" does not exist`)
  return source
}

const sameName = (a: QualifiedTable, b: QualifiedTable) => a.schema === b.schema && a.name === b.name

function withSource(metadata: Metadata, name: string, change: (source: Source) => Source): Metadata {
  const source = findSource(metadata, name)
  return { ...metadata, sources: metadata.sources.map((s) => (s === source ? change(s) : s)) }
}

function withTable(metadata: Metadata, sourceName: string, table: QualifiedTable, change: (t: TableMetadata) => TableMetadata): Metadata {
  return withSource(metadata, sourceName, (source) => {
    if (!source.tables.some((t) => sameName(t.table, table))) {
      throw new AdminApiError(400, 'not-exists', `table ${quoted(table)} does not exist in source: ${source.name}`)
    }
    return { ...source, tables: source.tables.map((t) => (sameName(t.table, table) ? change(t) : t)) }
  })
}

/** Applies `edit`, then refuses the result when it makes objects inconsistent that were not before. */
function checked(edit: (state: MetadataState) => Metadata): MetadataCommand {
  return async (state, context) => {
    const next = edit(state)
    const before = new Set((await findInconsistencies(context.db, state.metadata)).map((o) => o.name))
    const added = (await findInconsistencies(context.db, next)).filter((o) => !before.has(o.name))
    if (added.length > 0) {
      throw new AdminApiError(400, 'invalid-configuration', added.map((o) => o.reason).join(', '), '$', added)
    }
    return { response: { message: 'success' }, next }
  }
}

function trackTable(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const entry = readTableMetadata(args.key('table').isAbsent ? args.child('table', { table: args.value }) : trackTableEntry(args))
  return checked(({ metadata }) =>
    withSource(metadata, source, (s) => {
      if (s.tables.some((t) => sameName(t.table, entry.table))) {
        throw new AdminApiError(400, 'already-tracked', `view/table already tracked: ${quoted(entry.table)}`)
      }
      return { ...s, tables: [...s.tables, entry] }
    }),
  )
}

function trackTableEntry(args: JsonNode): JsonNode {
  const value = args.object()
  const entry: Record<string, unknown> = { table: value.table }
  if (value.configuration !== undefined) entry.configuration = value.configuration
  if (value.is_enum !== undefined) entry.is_enum = value.is_enum
  return args.child('table', entry)
}

function untrackTable(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const cascade = args.optional('cascade', (n) => n.boolean()) ?? false
  return async ({ metadata }) => {
    const next = withSource(metadata, source, (s) => {
      if (!s.tables.some((t) => sameName(t.table, table))) {
        throw new AdminApiError(400, 'already-untracked', `view/table already untracked: ${quoted(table)}`)
      }
      const dependents: string[] = []
      const pointsAtTable = (using: NonNullable<TableMetadata['object_relationships']>[number]['using']) => {
        const remote =
          'manual_configuration' in using
            ? using.manual_configuration.remote_table
            : typeof using.foreign_key_constraint_on === 'object' && !Array.isArray(using.foreign_key_constraint_on)
              ? using.foreign_key_constraint_on.table
              : undefined
        return remote !== undefined && sameName(typeof remote === 'string' ? { schema: 'public', name: remote } : remote, table)
      }
      const tables = s.tables
        .filter((t) => !sameName(t.table, table))
        .map((t) => {
          const keep = <R extends { name: string; using: NonNullable<TableMetadata['object_relationships']>[number]['using'] }>(r: R) => {
            if (!pointsAtTable(r.using)) return true
            dependents.push(`relationship ${displayName(t.table)}.${r.name} in source "${s.name}"`)
            return false
          }
          const next: TableMetadata = { ...t }
          if (t.object_relationships) next.object_relationships = t.object_relationships.filter(keep)
          if (t.array_relationships) next.array_relationships = t.array_relationships.filter(keep)
          return next
        })
      if (dependents.length > 0 && !cascade) {
        throw new AdminApiError(400, 'dependency-error', `cannot drop due to the following dependent objects : ${dependents.join(', ')}`)
      }
      return { ...s, tables }
    })
    return { response: { message: 'success' }, next }
  }
}

function setTableCustomization(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const configuration = readTableMetadata(
    args.child('configuration', { table, configuration: args.object().configuration ?? {} }),
  ).configuration
  return checked(({ metadata }) =>
    withTable(metadata, source, table, (t) => {
      const next = { ...t }
      if (configuration) next.configuration = configuration
      else delete next.configuration
      return next
    }),
  )
}

const PERMISSION_READERS: Record<PermissionKind, (node: JsonNode) => unknown> = {
  insert: readInsertPermission,
  select: readSelectPermission,
  update: readUpdatePermission,
  delete: readDeletePermission,
}

function createPermission(args: JsonNode, kind: PermissionKind): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const role = args.required('role', (n) => n.nonEmptyString())
  const entry: PermissionEntry<unknown> = { role, permission: args.required('permission', PERMISSION_READERS[kind]) }
  const comment = args.optional('comment', (n) => n.string())
  if (comment !== undefined) entry.comment = comment
  const key = `${kind}_permissions` as const
  return checked(({ metadata }) =>
    withTable(metadata, source, table, (t) => {
      const existing = (t[key] ?? []) as PermissionEntry<unknown>[]
      if (existing.some((p) => p.role === role)) {
        throw new AdminApiError(400, 'already-exists', `${kind} permission already defined on table ${quoted(table)} with role "${role}"`)
      }
      return { ...t, [key]: [...existing, entry] }
    }),
  )
}

function dropPermission(args: JsonNode, kind: PermissionKind): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const role = args.required('role', (n) => n.nonEmptyString())
  const key = `${kind}_permissions` as const
  return async ({ metadata }) => {
    const next = withTable(metadata, source, table, (t) => {
      const existing = (t[key] ?? []) as PermissionEntry<unknown>[]
      if (!existing.some((p) => p.role === role)) {
        throw new AdminApiError(400, 'not-exists', `${kind} permission on table ${quoted(table)} for role "${role}" does not exist`)
      }
      return { ...t, [key]: existing.filter((p) => p.role !== role) }
    })
    return { response: { message: 'success' }, next }
  }
}

function relationshipNames(t: TableMetadata): string[] {
  return [...(t.object_relationships ?? []), ...(t.array_relationships ?? [])].map((r) => r.name)
}

function createRelationship(args: JsonNode, kind: 'object' | 'array'): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const value = args.object()
  const definition: Record<string, unknown> = { name: value.name, using: value.using }
  if (value.comment !== undefined) definition.comment = value.comment
  const node = args.child('using', definition)
  const relationship = kind === 'object' ? readObjectRelationship(node) : readArrayRelationship(node)
  const key = `${kind}_relationships` as const
  return checked(({ metadata }) =>
    withTable(metadata, source, table, (t) => {
      if (relationshipNames(t).includes(relationship.name)) {
        throw new AdminApiError(400, 'already-exists', `field with name "${relationship.name}" already exists in table ${quoted(table)}`)
      }
      return { ...t, [key]: [...(t[key] ?? []), relationship] }
    }),
  )
}

function dropRelationship(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const table = tableArg(args)
  const name = args.required('relationship', (n) => n.nonEmptyString())
  return async ({ metadata }) => {
    const next = withTable(metadata, source, table, (t) => {
      if (!relationshipNames(t).includes(name)) {
        throw new AdminApiError(400, 'not-exists', `relationship "${name}" does not exist on table ${quoted(table)}`)
      }
      const out = { ...t }
      if (t.object_relationships) out.object_relationships = t.object_relationships.filter((r) => r.name !== name)
      if (t.array_relationships) out.array_relationships = t.array_relationships.filter((r) => r.name !== name)
      return out
    })
    return { response: { message: 'success' }, next }
  }
}

function trackFunction(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const value = args.object()
  const entry = readFunctionMetadata(value.function === undefined ? args.child('function', { function: value }) : args)
  return checked(({ metadata }) =>
    withSource(metadata, source, (s) => {
      if ((s.functions ?? []).some((f) => sameName(f.function, entry.function))) {
        throw new AdminApiError(400, 'already-tracked', `function already tracked: ${quoted(entry.function)}`)
      }
      return { ...s, functions: [...(s.functions ?? []), entry] }
    }),
  )
}

function untrackFunction(args: JsonNode): MetadataCommand {
  const source = sourceName(args)
  const fn = tableArg(args, 'function')
  return async ({ metadata }) => {
    const next = withSource(metadata, source, (s) => {
      if (!(s.functions ?? []).some((f) => sameName(f.function, fn))) {
        throw new AdminApiError(400, 'already-untracked', `function already untracked: ${quoted(fn)}`)
      }
      return { ...s, functions: (s.functions ?? []).filter((f) => !sameName(f.function, fn)) }
    })
    return { response: { message: 'success' }, next }
  }
}
