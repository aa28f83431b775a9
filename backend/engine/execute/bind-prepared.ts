import { EngineError } from '../engine-error.ts'
import { bindValues } from '../sql/bound-param.ts'
import type { BoundOperation, BoundSubscription } from '../subscriptions/bound-operation.ts'
import type { CompiledRootField } from '../sql/compile-operation.ts'
import type { CompiledSubscription } from '../sql/compile-subscription.ts'
import type { PreparedRequest } from './operation-preparer.ts'

/**
 * The prepared operation with its session's and variables' values bound, without running it: a
 * subscription's multiplexed statement with this subscriber's slot values, which live queries
 * run (backend/engine/subscriptions); a query's statements. Throws the engine's error for a
 * subscription that cannot be one.
 */
export function bindPrepared(prepared: PreparedRequest): BoundOperation {
  const { compiled, variables, session } = prepared
  if (compiled.operationType === 'mutation') return { operationType: 'mutation' }
  // Only subscriptions compile to one (compile-subscription.ts).
  if (compiled.subscription) return bindSubscription(prepared, compiled.subscription)
  const bind = { sessionVariables: session.variables, variables }
  const rootFields: Exclude<CompiledRootField, { kind: 'mutation' }>[] = []
  for (const field of compiled.rootFields) {
    if (field.kind === 'sql' || field.kind === 'stream') rootFields.push({ ...field, values: bindValues(field.values, bind) })
    else if (field.kind !== 'mutation') rootFields.push(field)
  }
  return { operationType: 'query', rootFields }
}

/** A subscription's multiplexed statement with this subscriber's slot values. */
export function bindSubscription({ variables, session }: PreparedRequest, subscription: CompiledSubscription): BoundSubscription {
  const bind = { sessionVariables: session.variables, variables }
  if (subscription.kind === 'refused') {
    throw new EngineError(
      'validation-failed',
      'introspection fields cannot be used in subscriptions',
      `$.selectionSet.${subscription.field}`,
    )
  }
  return { operationType: 'subscription', subscription, values: bindValues(subscription.statement.slots, bind) }
}
