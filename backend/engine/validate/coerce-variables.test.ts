import { buildSchema, getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import { EngineError } from '../engine-error.ts'
import { variableCoercer } from './coerce-variables.ts'

const schema = buildSchema(`
  scalar uuid
  input range { from: Int!, to: Int = 10, tags: [String!] }
  type Query { f(id: uuid, n: Int, r: range, list: [Int!], flag: Boolean): Int }
`)

const operation = parse(`
  query Q($id: uuid!, $n: Int = 5, $r: range, $list: [Int!], $flag: Boolean!, $__proto__: Int) {
    f(id: $id, n: $n, r: $r, list: $list, flag: $flag)
  }
`).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode

/** graphql-js's answer, as the engine reports it. */
function expected(given: Record<string, unknown>): Record<string, unknown> | { error: string } {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], given)
  return result.errors ? { error: result.errors[0]!.message } : result.coerced
}

function actual(given: Record<string, unknown>): Record<string, unknown> | { error: string } {
  try {
    return variableCoercer(schema, operation)(given)
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError)
    return { error: (error as EngineError).message }
  }
}

describe('variableCoercer', () => {
  // As request bodies arrive: JSON.parse makes `__proto__` an own property.
  it.each<[string, string]>([
    ['all given', '{"id":"a1","n":3,"r":{"from":1,"to":2,"tags":["x"]},"list":[1,2],"flag":true}'],
    ['defaults, in the type and the operation', '{"id":"a1","r":{"from":1},"flag":false}'],
    ['a single value for a list', '{"id":"a1","list":7,"flag":true}'],
    ['explicit null for a nullable variable', '{"id":"a1","n":null,"r":null,"flag":true}'],
    ['a variable named __proto__', '{"id":"a1","flag":true,"__proto__":3}'],
    ['a required variable missing', '{"flag":true}'],
    ['null for a non-null variable', '{"id":null,"flag":true}'],
    ['a wrong scalar', '{"id":"a1","n":"three","flag":true}'],
    ['a wrong value deep in an input object', '{"id":"a1","r":{"from":1,"tags":["x",2]},"flag":true}'],
    ['an unknown input field', '{"id":"a1","r":{"from":1,"nope":1},"flag":true}'],
    ['a null list item', '{"id":"a1","list":[1,null],"flag":true}'],
  ])('answers as graphql-js does: %s', (_, json) => {
    const given = JSON.parse(json) as Record<string, unknown>
    expect(actual(given)).toEqual(expected(given))
  })

  it('keeps __proto__ a variable, not a prototype', () => {
    const coerced = variableCoercer(schema, operation)(JSON.parse('{"id":"a1","flag":true,"__proto__":3}') as Record<string, unknown>)
    expect(Object.getPrototypeOf(coerced)).toBe(null)
    expect(Object.getOwnPropertyDescriptor(coerced, '__proto__')?.value).toBe(3)
  })
})
