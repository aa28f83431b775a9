import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Database, Queryable } from '../../backend/db/database.ts'
import { loadMetadataDirectory } from '../../backend/metadata/model/load-metadata-directory.ts'
import type { BoolExp, ColumnList, Metadata, QualifiedTable, TableMetadata } from '../../backend/metadata/model/types.ts'
import { openTestDatabase, testDatabaseKind } from '../support/test-database.ts'

/**
 * The product tables' Hasura metadata (nhost/metadata/databases/default/{tables,functions}/public_*)
 * against the schema the migrations create: every file parses, every column, relationship,
 * preset, session variable and enum value a permission names exists, so that a typo fails CI
 * here rather than as an inconsistent-metadata warning on Nhost Cloud.
 */

const root = join(import.meta.dirname, '..', '..')
const metadataDir = join(root, 'nhost', 'metadata')
const tablesDir = join(metadataDir, 'databases', 'default', 'tables')
const functionsDir = join(metadataDir, 'databases', 'default', 'functions')
const migrationsDir = join(root, 'nhost', 'migrations', 'default')

async function applyProductSchema(db: Queryable): Promise<void> {
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '10-auth.sql'), 'utf8'))
  // The product's storage migration fills storage.buckets, which Nhost Storage creates.
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '20-storage.sql'), 'utf8'))
  for (const folder of readdirSync(migrationsDir).sort()) {
    await db.script(readFileSync(join(migrationsDir, folder, 'up.sql'), 'utf8'))
  }
}

/** The session variables the product's permissions may use: Nhost Auth's and the share session's. */
const SESSION_VARIABLES = new Set(['x-hasura-user-id', 'x-hasura-dashboard-id', 'x-hasura-share-token'])
const ROLES = new Set(['user', 'share'])
const OPERATORS = new Set([
  '_eq',
  '_neq',
  '_gt',
  '_lt',
  '_gte',
  '_lte',
  '_in',
  '_nin',
  '_is_null',
  '_like',
  '_nlike',
  '_ilike',
  '_nilike',
  '_similar',
  '_nsimilar',
  '_regex',
  '_nregex',
  '_iregex',
  '_niregex',
  '_ceq',
  '_cneq',
  '_cgt',
  '_clt',
  '_cgte',
  '_clte',
  '_contains',
  '_contained_in',
  '_has_key',
  '_has_keys_any',
  '_has_keys_all',
])

const key = (t: QualifiedTable | string) => (typeof t === 'string' ? `public.${t}` : `${t.schema}.${t.name}`)

let db: Database & { dispose: () => Promise<void> }
let metadata: Metadata
/** schema.table → its columns, for every table in the database. */
const columns = new Map<string, Set<string>>()
/** schema.table.column → the table its single-column foreign key references. */
const foreignKeys = new Map<string, string>()
/** schema.table → the values of each enum table (is_enum: true). */
const enumValues = new Map<string, Set<string>>()

beforeAll(async () => {
  metadata = loadMetadataDirectory(metadataDir).metadata
  db = await openTestDatabase()
  await applyProductSchema(db)
  const { rows } = await db.query<{ t: string; c: string }>(
    `select table_schema || '.' || table_name as t, column_name as c from information_schema.columns
     where table_schema in ('public', 'auth', 'storage')`,
  )
  for (const { t, c } of rows) columns.set(t, (columns.get(t) ?? new Set()).add(c))
  const fks = await db.query<{ col: string; target: string }>(
    `select n.nspname || '.' || c.relname || '.' || a.attname as col, fn.nspname || '.' || f.relname as target
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_class f on f.oid = k.confrelid join pg_namespace fn on fn.oid = f.relnamespace
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     where k.contype = 'f' and cardinality(k.conkey) = 1 and n.nspname = 'public'`,
  )
  for (const { col, target } of fks.rows) foreignKeys.set(col, target)
  for (const table of source().tables.filter((t) => t.is_enum)) {
    const { rows: values } = await db.query<{ value: string }>(`select value from ${key(table.table)}`)
    enumValues.set(key(table.table), new Set(values.map((r) => r.value)))
  }
})
afterAll(async () => {
  await db?.dispose()
})

function source() {
  const found = metadata.sources.find((s) => s.name === 'default')
  if (!found) throw new Error('nhost/metadata has no "default" database')
  return found
}

const productTables = () => source().tables.filter((t) => t.table.schema === 'public')
const tracked = (name: string) => source().tables.find((t) => key(t.table) === name)

/** Where a relationship leads, checking that the columns it names exist. */
function relationshipTarget(table: TableMetadata, name: string, problems: string[]): string | undefined {
  const at = `${key(table.table)}.${name}`
  const all = [
    ...(table.object_relationships ?? []).map((r) => ({ ...r, array: false })),
    ...(table.array_relationships ?? []).map((r) => ({ ...r, array: true })),
  ]
  const rel = all.find((r) => r.name === name)
  if (!rel) return undefined
  if ('manual_configuration' in rel.using) {
    const { remote_table: remote, column_mapping: mapping } = rel.using.manual_configuration
    const target = key(remote)
    for (const [from, to] of Object.entries(mapping)) {
      if (!columns.get(key(table.table))?.has(from)) problems.push(`${at}: no column ${from}`)
      if (!columns.get(target)?.has(to)) problems.push(`${at}: ${target} has no column ${to}`)
    }
    return target
  }
  const fk = rel.using.foreign_key_constraint_on
  if (!rel.array && typeof fk === 'string') {
    const target = foreignKeys.get(`${key(table.table)}.${fk}`)
    if (!target) problems.push(`${at}: no foreign key on ${key(table.table)}.${fk}`)
    return target
  }
  if (typeof fk === 'object' && !Array.isArray(fk) && typeof fk.column === 'string') {
    const target = key(fk.table)
    if (foreignKeys.get(`${target}.${fk.column}`) !== key(table.table))
      problems.push(`${at}: no foreign key ${target}.${fk.column} → ${key(table.table)}`)
    return target
  }
  problems.push(`${at}: unexpected relationship shape`)
  return undefined
}

function checkValue(value: unknown, at: string, problems: string[], allowed?: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => checkValue(v, at, problems, allowed))
  if (typeof value !== 'string') return
  if (/^x-hasura-/i.test(value)) {
    if (!SESSION_VARIABLES.has(value.toLowerCase())) problems.push(`${at}: unknown session variable ${value}`)
  } else if (allowed && !allowed.has(value)) {
    problems.push(`${at}: ${value} is not one of ${[...allowed].join(', ')}`)
  }
}

/** Walks a Hasura boolean expression over `table`, reporting every name that does not resolve. */
function checkBoolExp(exp: BoolExp, tableName: string, at: string, problems: string[]): void {
  const table = tracked(tableName)
  if (!table) return void problems.push(`${at}: ${tableName} is not tracked`)
  for (const [field, value] of Object.entries(exp)) {
    const here = `${at}.${field}`
    if (field === '_and' || field === '_or') {
      for (const [i, item] of (value as BoolExp[]).entries()) checkBoolExp(item, tableName, `${here}[${i}]`, problems)
    } else if (field === '_not') {
      checkBoolExp(value as BoolExp, tableName, here, problems)
    } else if (field === '_exists') {
      const { _table, _where } = value as { _table: QualifiedTable; _where: BoolExp }
      checkBoolExp(_where, key(_table), here, problems)
    } else if (columns.get(tableName)?.has(field)) {
      const enumTable = foreignKeys.get(`${tableName}.${field}`)
      for (const [op, operand] of Object.entries(value as Record<string, unknown>)) {
        if (!OPERATORS.has(op)) problems.push(`${here}: unknown operator ${op}`)
        checkValue(operand, `${here}.${op}`, problems, enumTable ? enumValues.get(enumTable) : undefined)
      }
    } else {
      const target = relationshipTarget(table, field, problems)
      if (target) checkBoolExp(value as BoolExp, target, here, problems)
      else problems.push(`${here}: ${tableName} has no column or relationship "${field}"`)
    }
  }
}

function checkColumns(list: ColumnList | undefined, tableName: string, at: string, problems: string[]): void {
  if (list === '*' || list === undefined) return
  for (const c of list) if (!columns.get(tableName)?.has(c)) problems.push(`${at}: no column ${c}`)
}

describe(`product metadata against the migrated schema on ${testDatabaseKind}`, () => {
  it('parses every file, with only the keys Hasura knows', () => {
    // loadMetadataDirectory drops unknown keys as Hasura does; a misspelt key must not vanish silently.
    const known: Record<string, Set<string>> = {
      table: new Set([
        'table',
        'is_enum',
        'configuration',
        'object_relationships',
        'array_relationships',
        'computed_fields',
        'insert_permissions',
        'select_permissions',
        'update_permissions',
        'delete_permissions',
        'event_triggers',
      ]),
      insert: new Set(['check', 'set', 'columns', 'backend_only', 'validate_input']),
      select: new Set([
        'columns',
        'filter',
        'limit',
        'allow_aggregations',
        'computed_fields',
        'query_root_fields',
        'subscription_root_fields',
      ]),
      update: new Set(['columns', 'filter', 'check', 'set', 'backend_only', 'validate_input']),
      delete: new Set(['filter', 'backend_only', 'validate_input']),
    }
    const problems: string[] = []
    const files = readdirSync(tablesDir).filter((f) => f.startsWith('public_'))
    expect(files.length).toBeGreaterThanOrEqual(8)
    for (const file of files) {
      const doc = parse(readFileSync(join(tablesDir, file), 'utf8')) as Record<string, unknown>
      for (const k of Object.keys(doc)) if (!known.table!.has(k)) problems.push(`${file}: unknown key ${k}`)
      for (const kind of ['insert', 'select', 'update', 'delete']) {
        for (const entry of (doc[`${kind}_permissions`] ?? []) as { role: string; permission: Record<string, unknown> }[]) {
          for (const k of Object.keys(entry))
            if (!['role', 'permission', 'comment'].includes(k)) problems.push(`${file}: ${kind} ${entry.role}: unknown key ${k}`)
          for (const k of Object.keys(entry.permission))
            if (!known[kind]!.has(k)) problems.push(`${file}: ${kind} ${entry.role}: unknown key ${k}`)
        }
      }
    }
    for (const file of readdirSync(functionsDir).filter((f) => f.startsWith('public_'))) {
      const doc = parse(readFileSync(join(functionsDir, file), 'utf8')) as Record<string, unknown>
      for (const k of Object.keys(doc))
        if (!['function', 'configuration', 'permissions', 'comment'].includes(k)) problems.push(`${file}: unknown key ${k}`)
    }
    expect(problems).toEqual([])
  })

  it('tracks every table of the public schema, and only tables that exist', async () => {
    const { rows } = await db.query<{ t: string }>(
      `select table_schema || '.' || table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
    expect(
      productTables()
        .map((t) => key(t.table))
        .sort(),
    ).toEqual(rows.map((r) => r.t))
  })

  it('declares enum tables in Hasura’s enum shape', async () => {
    for (const table of productTables().filter((t) => t.is_enum)) {
      const name = key(table.table)
      expect([...columns.get(name)!].sort()).toEqual(['comment', 'value'])
      const { rows } = await db.query<{ value: string }>(`select value from ${name}`)
      expect(rows.length).toBeGreaterThan(0)
      for (const { value } of rows) expect(value).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
    }
    expect([...enumValues.keys()]).toEqual(['public.workspace_roles'])
  })

  it('names only existing columns, relationships, session variables and enum values', () => {
    const problems: string[] = []
    for (const table of productTables()) {
      const name = key(table.table)
      for (const rel of [...(table.object_relationships ?? []), ...(table.array_relationships ?? [])]) {
        const target = relationshipTarget(table, rel.name, problems)
        // Relationships into Nhost's own schemas point at tables tracked by the auth/storage metadata.
        if (target && !target.startsWith('auth.') && !tracked(target)) problems.push(`${name}.${rel.name}: ${target} is not tracked`)
        if (target && !columns.has(target)) problems.push(`${name}.${rel.name}: ${target} does not exist`)
      }
      const perms = [
        ...(table.select_permissions ?? []).map((p) => ({
          op: 'select',
          role: p.role,
          columns: p.permission.columns,
          exps: { filter: p.permission.filter } as Record<string, BoolExp | null | undefined>,
          set: undefined,
        })),
        ...(table.insert_permissions ?? []).map((p) => ({
          op: 'insert',
          role: p.role,
          columns: p.permission.columns,
          exps: { check: p.permission.check },
          set: p.permission.set,
        })),
        ...(table.update_permissions ?? []).map((p) => ({
          op: 'update',
          role: p.role,
          columns: p.permission.columns,
          exps: { filter: p.permission.filter, check: p.permission.check },
          set: p.permission.set,
        })),
        ...(table.delete_permissions ?? []).map((p) => ({
          op: 'delete',
          role: p.role,
          columns: undefined,
          exps: { filter: p.permission.filter },
          set: undefined,
        })),
      ]
      for (const perm of perms) {
        const at = `${name} ${perm.op} ${perm.role}`
        if (!ROLES.has(perm.role)) problems.push(`${at}: unknown role`)
        if (perm.columns === '*') problems.push(`${at}: list the columns rather than "*", so that a new column is not exposed by accident`)
        checkColumns(perm.columns, name, `${at} columns`, problems)
        for (const [k, v] of Object.entries(perm.set ?? {})) {
          if (!columns.get(name)?.has(k)) problems.push(`${at} set: no column ${k}`)
          checkValue(v, `${at} set.${k}`, problems)
        }
        for (const [which, exp] of Object.entries(perm.exps)) if (exp) checkBoolExp(exp, name, `${at} ${which}`, problems)
      }
    }
    expect(problems).toEqual([])
  })

  it('never lets a role write what the database keeps, nor shows a share link more than its dashboard', () => {
    const databaseKept: Record<string, string[]> = {
      'public.workspaces': ['id', 'created_by', 'created_at'],
      'public.workspace_members': ['created_at'],
      'public.metrics': ['id', 'last_value', 'last_ts', 'created_at'],
      'public.points': ['id', 'created_at'],
      'public.dashboards': ['id', 'created_by', 'created_at', 'updated_at'],
      'public.panels': ['id', 'created_at'],
      'public.panel_metrics': ['id', 'created_at'],
      'public.ingest_keys': ['id', 'created_by', 'created_at', 'last_used_at'],
      'public.imports': [
        'id',
        'created_by',
        'created_at',
        'bytes_read',
        'rows_total',
        'rows_imported',
        'rows_rejected',
        'errors',
        'heartbeat_at',
        'finished_at',
      ],
      'public.annotations': ['id', 'created_by', 'created_at'],
    }
    for (const [name, kept] of Object.entries(databaseKept)) {
      const table = tracked(name)!
      for (const p of [...(table.insert_permissions ?? []), ...(table.update_permissions ?? [])]) {
        const written = p.permission.columns === '*' ? [...columns.get(name)!] : (p.permission.columns ?? [])
        expect(
          written.filter((c) => kept.includes(c)),
          `${name} ${p.role}`,
        ).toEqual([])
      }
    }
    const shareReads = Object.fromEntries(
      productTables()
        .filter((t) => (t.select_permissions ?? []).some((p) => p.role === 'share'))
        .map((t) => [key(t.table), t.select_permissions!.find((p) => p.role === 'share')!.permission.columns]),
    )
    expect(shareReads).toEqual({
      'public.dashboards': ['description', 'id', 'title', 'updated_at'],
      'public.metric_series_buckets': ['bucket', 'metric_id', 'samples', 'value'],
      // last_value/last_ts: a stat panel shows the metric's newest point.
      'public.metrics': ['id', 'key', 'last_ts', 'last_value', 'name', 'unit'],
      'public.panel_metrics': ['id', 'metric_id', 'panel_id', 'position'],
      'public.panels': [
        'aggregation',
        'bucket_seconds',
        'dashboard_id',
        'height',
        'id',
        'kind',
        'metric_id',
        'position',
        'thresholds',
        'title',
        'width',
      ],
    })
    for (const table of productTables()) {
      for (const p of [...(table.insert_permissions ?? []), ...(table.update_permissions ?? []), ...(table.delete_permissions ?? [])]) {
        expect(p.role, `${key(table.table)}: the share role only reads`).not.toBe('share')
      }
    }
  })

  it('tracks metric_series as a query over a tracked return table that carries its permissions', async () => {
    const fn = (source().functions ?? []).find((f) => key(f.function) === 'public.metric_series')
    expect(fn).toBeDefined()
    const { rows } = await db.query<{ returns: string; volatility: string; retset: boolean }>(
      `select (p.prorettype::regtype)::text as returns, p.provolatile::text as volatility, p.proretset as retset
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'metric_series'`,
    )
    expect(rows).toEqual([{ returns: 'metric_series_buckets', volatility: 's', retset: true }])
    const returnTable = tracked('public.metric_series_buckets')!
    const selectRoles = (returnTable.select_permissions ?? []).map((p) => p.role).sort()
    expect(selectRoles).toEqual(['share', 'user'])
    // Explicit function permissions (used where inference is off) need the return table's select permission.
    for (const { role } of fn!.permissions ?? []) expect(selectRoles).toContain(role)
  })
})
