/**
 * Planning of mutation root fields (Hasura.GraphQL.Schema.Mutation and Hasura.RQL.DML.Insert /
 * Update / Delete): arguments read against the role's mutation types, permission filters,
 * checks and presets attached, nested inserts ordered by which side holds the foreign key.
 */
import { getNamedType, type FieldNode, type GraphQLField, type GraphQLNamedType, type GraphQLObjectType } from 'graphql'
import type { BoolExp as MetadataBoolExp } from '../../metadata/model/types.ts'
import { validationError } from '../engine-error.ts'
import { JSONB_OPERATORS, type MutationFieldMeaning } from '../schema/mutation-field-meanings.ts'
import type { MutationAccess } from '../schema/mutation-access.ts'
import type { TableAccess } from '../schema/role-access.ts'
import type { ColumnInfo, RelationshipInfo, TableInfo } from '../schema/source-model.ts'
import { and, TRUE, typedValue, type BoolExpBuilder } from './build-bool-exp.ts'
import { collectFields } from './collect-fields.ts'
import type { InputReader } from './input-reader.ts'
import { paramOf } from './variable-slot.ts'
import type { BoolExp, OutputField, ParamValue, TypedValue } from './ir.ts'
import type {
  ColumnValue,
  InsertPlan,
  InsertRow,
  MutationOutput,
  MutationPlan,
  OnConflict,
  Returning,
  UpdateOperation,
  UpdatePlan,
} from './mutation-ir.ts'
import type { PlanInput } from './plan-operation.ts'

type Args = Record<string, unknown>

/** What the mutation planner borrows from the operation planner. */
export interface MutationPlanContext {
  readonly input: PlanInput
  readonly reader: InputReader
  readonly boolExps: BoolExpBuilder
  selection(access: TableAccess, nodes: FieldNode[], path: string): OutputField[]
}

export function planMutation(
  context: MutationPlanContext,
  meaning: MutationFieldMeaning,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
  args: Args,
  path: string,
): MutationPlan {
  const planner = new MutationPlanner(context)
  const returning = planner.returning(
    meaning.select,
    field,
    nodes,
    path,
    meaning.kind === 'insert' ? meaning.one : meaning.kind === 'update' ? meaning.variant === 'by_pk' : meaning.byPk,
  )
  switch (meaning.kind) {
    case 'insert': {
      const objects = meaning.one ? [args.object as Args] : asList(args.objects)
      const argPath = `${path}.args.${meaning.one ? 'object' : 'objects'}`
      const insert = planner.insert(
        meaning.access,
        objects,
        args.on_conflict as Args | null | undefined,
        argPath,
        `${path}.args.on_conflict`,
        null,
        !meaning.one,
      )
      return { kind: 'insert', insert, returning }
    }
    case 'update': {
      const entries =
        meaning.variant === 'many'
          ? asList(args.updates).map((u, i) => ({ args: u, at: `${path}.args.updates[${i}]` }))
          : [{ args, at: `${path}.args` }]
      const updates = entries.map((entry) =>
        planner.update(meaning.access, meaning.select, entry.args, entry.at, meaning.variant === 'by_pk', path),
      )
      return { kind: 'update', updates, many: meaning.variant === 'many', returning }
    }
    case 'delete': {
      const where = meaning.byPk
        ? planner.pkWhere(meaning.access.table, args)
        : planner.where(meaning.select, args.where as Args, `${path}.args.where`)
      const filter = meaning.access.delete?.filter ?? null
      return {
        kind: 'delete',
        delete: { table: meaning.access.table, where: and([planner.permission(filter, meaning.access.table), where]), path: '$' },
        returning,
      }
    }
  }
}

function asList(value: unknown): Args[] {
  if (value === null || value === undefined) return []
  return (Array.isArray(value) ? value : [value]) as Args[]
}

class MutationPlanner {
  constructor(readonly context: MutationPlanContext) {}

  /** Permission presets: a value naming a session variable is bound from the session. */
  presetParam(value: unknown): ParamValue {
    return typeof value === 'string' && /^x-hasura-/i.test(value)
      ? { kind: 'session', name: value.toLowerCase() }
      : { kind: 'literal', value }
  }

  permission(exp: MetadataBoolExp | null, table: TableInfo): BoolExp {
    return exp === null ? TRUE : this.context.boolExps.fromPermission(exp, table)
  }

  where(access: TableAccess, where: Args | undefined, path: string): BoolExp {
    return where ? this.context.boolExps.fromWhere(where, access, path) : TRUE
  }

  pkWhere(table: TableInfo, values: Args): BoolExp {
    return and(
      (table.primaryKey ?? []).map((name): BoolExp => {
        const column = table.columnByName.get(name) as ColumnInfo
        return { kind: 'compare', column, operator: '_eq', value: typedValue(column, paramOf(values[column.gqlName])) }
      }),
    )
  }

  presets(table: TableInfo, presets: Record<string, unknown>): ColumnValue[] {
    return Object.entries(presets).flatMap(([name, value]) => {
      const column = table.columnByName.get(name)
      return column ? [{ column, value: typedValue(column, this.presetParam(value)) }] : []
    })
  }

  returning(
    select: TableAccess | null,
    field: GraphQLField<unknown, unknown>,
    nodes: FieldNode[],
    path: string,
    single: boolean,
  ): Returning {
    const selectFilter = select ? this.context.boolExps.permission(select) : TRUE
    if (single) return { output: { kind: 'single', fields: this.context.selection(select as TableAccess, nodes, path) }, selectFilter }
    const type = getNamedType(field.type) as GraphQLObjectType
    const fields: Extract<MutationOutput, { kind: 'response' }>['fields'] = []
    const sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []))
    for (const [key, fieldNodes] of collectFields(type.name, sets, this.context.input.fragments, this.context.reader, path)) {
      const name = (fieldNodes[0] as FieldNode).name.value
      if (name === '__typename') fields.push({ key, kind: 'typename', name: type.name })
      else if (name === 'affected_rows') fields.push({ key, kind: 'affected_rows' })
      else if (name === 'returning' && select)
        fields.push({ key, kind: 'returning', fields: this.context.selection(select, fieldNodes, `${path}.selectionSet.${key}`) })
      else throw validationError(`${path}.selectionSet.${key}`, `field '${name}' not found in type: '${type.name}'`)
    }
    return { output: { kind: 'response', fields }, selectFilter }
  }

  /**
   * `fixed`: columns a parent insert determines (array relationships, `after_parent` object
   * relationships); a row naming one of them is refused, as Hasura refuses it.
   */
  insert(
    access: MutationAccess,
    objects: Args[],
    conflictArg: Args | null | undefined,
    path: string,
    conflictPath: string,
    fixed: string[] | null,
    indexed: boolean,
  ): InsertPlan {
    const table = access.table
    const permission = access.insert as NonNullable<MutationAccess['insert']>
    const rows = objects.map((object, i) => this.#insertRow(access, object, indexed ? `${path}[${i}]` : path, fixed))
    const check = this.permission(permission.check, table)
    return {
      table,
      rows,
      presets: this.presets(table, permission.presets),
      check,
      onConflict: conflictArg ? this.#onConflict(access, conflictArg, conflictPath, check) : null,
      path,
    }
  }

  #insertRow(access: MutationAccess, object: Args, path: string, fixed: string[] | null): InsertRow {
    const table = access.table
    const row: InsertRow = { values: [], before: [], after: [] }
    const schema = this.context.input.schema
    const model = this.context.input.role
    for (const [key, value] of Object.entries(object)) {
      if (value === undefined) continue
      const column = access.insert?.columns.find((c) => c.gqlName === key)
      if (column) {
        if (fixed?.includes(column.name)) {
          throw validationError(
            path,
            `cannot insert ${JSON.stringify(column.name)} columns as their values are already being determined by parent insert`,
          )
        }
        row.values.push({ column, value: typedValue(column, paramOf(value)) })
        continue
      }
      const relationship = table.relationships.find((r) => r.name === key)
      if (!relationship || value === null) continue
      const target = insertAccessOf(
        schema.getType(`${model.model.tables.get(relationship.target)?.gqlName}_insert_input`),
        relationship.target,
      )
      if (!target) continue
      const input = value as Args
      const at = `${path}.${key}`
      const data = relationship.kind === 'object' ? [input.data as Args] : asList(input.data)
      if (relationship.kind === 'object' && isBeforeParent(table, relationship)) {
        const insert = this.insert(target, data, input.on_conflict as Args | undefined, `${at}.data`, `${at}.on_conflict`, null, false)
        row.before.push({ relationship, mapping: relationship.mapping.map(([here, there]) => [there, here]), insert })
      } else {
        const insert = this.insert(
          target,
          data,
          input.on_conflict as Args | undefined,
          `${at}.data`,
          `${at}.on_conflict`,
          relationship.mapping.map(([, there]) => there),
          relationship.kind === 'array',
        )
        row.after.push({ relationship, mapping: relationship.mapping, insert })
      }
    }
    for (const nested of row.before) {
      const determined = nested.mapping.map(([, here]) => here)
      const clash = row.values.find((v) => determined.includes(v.column.name))
      if (clash)
        throw validationError(
          path,
          `cannot insert object relationship ${JSON.stringify(nested.relationship.name)} as ${JSON.stringify(clash.column.name)} column values are already determined`,
        )
    }
    return row
  }

  /** An update permission without `check` leaves updated rows to the insert check (Hasura's `insertOrUpdateCheckExpr`). */
  #onConflict(access: MutationAccess, arg: Args, path: string, insertCheck: BoolExp): OnConflict {
    const table = access.table
    const update = access.update as NonNullable<MutationAccess['update']>
    const columns = asList(arg.update_columns) as unknown as (string | null)[]
    if (columns.some((c) => c === null)) throw validationError(path, 'erroneous column name')
    const select = this.context.input.role.access.get(table.key)
    const where = arg.where && select ? this.where(select, arg.where as Args, `${path}.where`) : TRUE
    return {
      constraint: arg.constraint as string,
      updateColumns: (columns as string[]).map((name) => table.columnByName.get(name) as ColumnInfo),
      where: and([this.permission(update.filter, table), where]),
      presets: this.presets(table, update.presets),
      updateCheck: update.check === null ? insertCheck : this.permission(update.check, table),
    }
  }

  update(access: MutationAccess, select: TableAccess, args: Args, path: string, byPk: boolean, fieldPath: string): UpdatePlan {
    const table = access.table
    const permission = access.update as NonNullable<MutationAccess['update']>
    const operations: UpdatePlan['operations'] = []
    const seen = new Map<string, number>()
    for (const operator of ['_set', '_inc', ...JSONB_OPERATORS] as const) {
      const values = args[operator] as Args | null | undefined
      if (!values) continue
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) continue
        const column = permission.columns.find((c) => c.gqlName === key)
        if (!column)
          throw validationError(`${path}.${operator}.${key}`, `field '${key}' not found in type: '${table.gqlName}${operator}_input'`)
        seen.set(column.gqlName, (seen.get(column.gqlName) ?? 0) + 1)
        operations.push({ column, operation: { kind: operator, value: this.#operand(column, operator, value) } as UpdateOperation })
      }
    }
    const repeated = [...seen].filter(([, count]) => count > 1).map(([name]) => `'${name}'`)
    if (repeated.length > 0)
      throw validationError(
        byPk || path.endsWith('.args') ? `${fieldPath}.args` : path,
        `Column found in multiple operators: [${repeated.join(', ')}].`,
      )
    const where = byPk ? this.pkWhere(table, args.pk_columns as Args) : this.where(select, args.where as Args, `${path}.where`)
    return {
      table,
      where: and([this.permission(permission.filter, table), where]),
      operations,
      presets: this.presets(table, permission.presets),
      check: this.permission(permission.check, table),
      path: '$',
    }
  }

  #operand(column: ColumnInfo, operator: string, value: unknown): TypedValue {
    const param = paramOf(value)
    switch (operator) {
      case '_append':
      case '_prepend':
        return { param, sqlType: 'jsonb', encoding: 'json' }
      case '_delete_key':
        return { param, sqlType: 'text', encoding: 'text' }
      case '_delete_elem':
        return { param, sqlType: 'integer', encoding: 'text' }
      case '_delete_at_path':
        return { param, sqlType: 'text[]', encoding: 'array' }
      default:
        return typedValue(column, param)
    }
  }
}

/** The access a nested insert runs under: the target table's, read from its insert input type. */
function insertAccessOf(type: GraphQLNamedType | undefined, tableKey: string): MutationAccess | null {
  const access = (type?.extensions as { mutationAccess?: MutationAccess } | undefined)?.mutationAccess
  return access && access.table.key === tableKey && access.insert ? access : null
}

/**
 * Which row goes first (Hasura's insertion order): an object relationship over this table's
 * foreign key inserts the referenced row before; one over the other table's foreign key inserts
 * it after; a manual one says so with `insertion_order` (default `before_parent`).
 */
function isBeforeParent(table: TableInfo, relationship: RelationshipInfo): boolean {
  const entry = table.metadata.object_relationships?.find((r) => r.name === relationship.name)
  const using = (entry?.using ?? {}) as Record<string, unknown>
  if ('manual_configuration' in using) {
    return (using.manual_configuration as { insertion_order?: string }).insertion_order !== 'after_parent'
  }
  const fk = using.foreign_key_constraint_on
  return typeof fk === 'string' || Array.isArray(fk)
}
