import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLScalarType,
  GraphQLString,
  valueFromASTUntyped,
  type GraphQLEnumValueConfigMap,
} from 'graphql'
import { EngineError } from '../engine-error.ts'
import { stringExpectedMessage, takesOnlyStrings } from './pg-scalars.ts'

const BUILT_IN: Record<string, GraphQLScalarType> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
}

/**
 * Postgres scalars other than GraphQL's own pass through as JSON: Postgres checks and casts them
 * when the bound parameter reaches it, as Hasura lets Postgres parse `uuid` or `timestamptz` text.
 * The types Hasura has no parser for take only strings, as there.
 */
export function postgresScalar(name: string): GraphQLScalarType {
  return (
    BUILT_IN[name] ??
    new GraphQLScalarType({
      name,
      serialize: (value) => value,
      // A variable's value; literals are read by the planner (input-reader.ts).
      parseValue: (value) => {
        if (typeof value !== 'string' && takesOnlyStrings(name))
          throw new EngineError('parse-failed', stringExpectedMessage(name), '$.variableValues')
        return value
      },
      parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
    })
  )
}

/** Hasura's `order_by` enum, with its descriptions. */
export function orderByEnum(): GraphQLEnumType {
  const values: GraphQLEnumValueConfigMap = {
    asc: { value: 'asc', description: 'in ascending order, nulls last' },
    asc_nulls_first: { value: 'asc_nulls_first', description: 'in ascending order, nulls first' },
    asc_nulls_last: { value: 'asc_nulls_last', description: 'in ascending order, nulls last' },
    desc: { value: 'desc', description: 'in descending order, nulls first' },
    desc_nulls_first: { value: 'desc_nulls_first', description: 'in descending order, nulls first' },
    desc_nulls_last: { value: 'desc_nulls_last', description: 'in descending order, nulls last' },
  }
  return new GraphQLEnumType({ name: 'order_by', description: 'column ordering options', values })
}
