import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql'
import { isStringType } from './pg-scalars.ts'

/**
 * `<scalar>_comparison_exp` input types, with the operators Hasura v2 gives each Postgres type
 * (`comparisonExps` in Hasura.Backends.Postgres.Instances.Schema): equality and ordering for all,
 * the pattern operators for text types, the containment and key operators for jsonb, and
 * `_cast` to String for every type but String.
 */
export class ComparisonTypes {
  readonly #types = new Map<string, GraphQLInputObjectType>()

  constructor(readonly scalar: (name: string) => GraphQLInputType & { name: string }) {}

  /** `pgType` decides the extra operators; `type` is the column's GraphQL scalar or enum. */
  forType(type: GraphQLInputType & { name: string }, pgType: string, enumOnly = false): GraphQLInputObjectType {
    const name = `${type.name}_comparison_exp`
    const existing = this.#types.get(name)
    if (existing) return existing
    const created = new GraphQLInputObjectType({
      name,
      description: `Boolean expression to compare columns of type "${type.name}". All fields are combined with logical 'AND'.`,
      fields: () => sortFields(this.#operators(type, pgType, enumOnly)),
    })
    this.#types.set(name, created)
    return created
  }

  #operators(type: GraphQLInputType & { name: string }, pgType: string, enumOnly: boolean): GraphQLInputFieldConfigMap {
    const list = new GraphQLList(new GraphQLNonNull(type))
    const fields: GraphQLInputFieldConfigMap = {
      _eq: { type },
      _in: { type: list },
      _is_null: { type: GraphQLBoolean },
      _neq: { type },
      _nin: { type: list },
    }
    if (enumOnly) return fields
    Object.assign(fields, { _gt: { type }, _gte: { type }, _lt: { type }, _lte: { type } })
    // Every type but String itself can be compared as text (Hasura's `_cast: {String: …}`).
    if (pgType !== 'text' && pgType !== 'varchar') fields._cast = { type: this.#castType(type.name) }
    if (isStringType(pgType)) {
      for (const op of ['_like', '_nlike', '_ilike', '_nilike', '_similar', '_nsimilar', '_regex', '_nregex', '_iregex', '_niregex']) {
        fields[op] = { type: GraphQLString }
      }
    }
    if (pgType === 'jsonb') {
      const stringList = new GraphQLList(new GraphQLNonNull(GraphQLString))
      Object.assign(fields, {
        _contained_in: { type, description: 'is the column contained in the given json value' },
        _contains: { type, description: 'does the column contain the given json value at the top level' },
        _has_key: { type: GraphQLString, description: 'does the string exist as a top-level key in the column' },
        _has_keys_all: { type: stringList, description: 'do all of these strings exist as top-level keys in the column' },
        _has_keys_any: { type: stringList, description: 'do any of these strings exist as top-level keys in the column' },
      })
    }
    if (pgType === 'ltree') {
      const lquery = this.scalar('lquery')
      Object.assign(fields, {
        _ancestor: { type, description: 'is the left argument an ancestor of right (or equal)?' },
        _descendant: { type, description: 'is the left argument a descendant of right (or equal)?' },
        _matches: { type: lquery, description: 'does ltree match lquery?' },
        _matches_fulltext: { type: this.scalar('ltxtquery'), description: 'does ltree match ltxtquery?' },
      })
    }
    return fields
  }

  #castType(typeName: string): GraphQLInputObjectType {
    const name = `${typeName}_cast_exp`
    const existing = this.#types.get(name)
    if (existing) return existing
    const created = new GraphQLInputObjectType({
      name,
      fields: () => ({ String: { type: this.forType(GraphQLString, 'text') } }),
    })
    this.#types.set(name, created)
    return created
  }
}

/** Hasura lists fields by name in introspection. */
export function sortFields<T>(fields: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
