import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql'
import { compile } from '../../lib/sql.ts'
import type { OperationPlan } from '../plan/ir.ts'
import { BoundParam } from './bound-param.ts'
import { compileRootField } from './compile-select.ts'
import { compileStream } from './compile-stream.ts'
import { compileMutation, type CompiledMutation } from './compile-mutation.ts'
import { compileSubscription, type CompiledSubscription } from './compile-subscription.ts'

/** How one root field is answered: a SQL statement, fixed JSON, or graphql-js introspection. */
export type CompiledRootField =
  | { key: string; kind: 'sql'; text: string; values: unknown[] }
  | { key: string; kind: 'json'; json: string }
  | { key: string; kind: 'introspection'; document: DocumentNode }
  | { key: string; kind: 'mutation'; mutation: CompiledMutation }
  /** A streaming subscription's statement; `values[cursorParameter]` is the cursor, replaced by each poll. */
  | { key: string; kind: 'stream'; text: string; values: unknown[]; cursorParameter: number }

export interface CompiledOperation {
  operationType: OperationPlan['operationType']
  rootFields: CompiledRootField[]
  /** A subscription's multiplexed form, for live queries and streams (backend/engine/subscriptions). */
  subscription?: CompiledSubscription
  /** Each root field's response key as JSON with its colon (`"metrics":`), for the response text. */
  responseKeys: string[]
}

const PLACEHOLDER_JSON =
  '"There are no queries available to the current role. Either there are no sources or remote schemas configured, or the current role doesn\'t have the required permissions."'

export function compileOperation(
  plan: OperationPlan,
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): CompiledOperation {
  const rootFields = plan.rootFields.map((field): CompiledRootField => {
    switch (field.kind) {
      case 'typename':
        return { key: field.key, kind: 'json', json: JSON.stringify(field.name) }
      case 'placeholder':
        return { key: field.key, kind: 'json', json: PLACEHOLDER_JSON }
      case 'introspection':
        return { key: field.key, kind: 'introspection', document: introspectionDocument(operation, fragments, field.nodes) }
      case 'mutation':
        return { key: field.key, kind: 'mutation', mutation: compileMutation(field.plan) }
      case 'stream': {
        const { text, values } = compile(compileStream(field))
        const cursorParameter = values.findIndex((value) => value instanceof BoundParam && value.param === field.cursor.value)
        return { key: field.key, kind: 'stream', text, values, cursorParameter }
      }
      default: {
        const statement = compileRootField(field, plan.operationType === 'mutation' ? 'text' : 'json')
        if (!statement) throw new Error(`root field ${field.key} compiled to nothing`)
        return { key: field.key, kind: 'sql', ...compile(statement) }
      }
    }
  })
  const responseKeys = rootFields.map((field) => `${JSON.stringify(field.key)}:`)
  if (plan.operationType !== 'subscription') return { operationType: plan.operationType, rootFields, responseKeys }
  return { operationType: plan.operationType, rootFields, responseKeys, subscription: compileSubscription(plan, PLACEHOLDER_JSON) }
}

/** The operation cut down to one introspection field, for graphql-js to execute. */
function introspectionDocument(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  nodes: FieldNode[],
): DocumentNode {
  return {
    kind: Kind.DOCUMENT,
    definitions: [{ ...operation, selectionSet: { kind: Kind.SELECTION_SET, selections: nodes } }, ...fragments.values()],
  }
}
