/**
 * Subscriptions a test serves itself (MSW answers HTTP, the app subscribes over a WebSocket): the
 * link keeps each subscription a screen opens, and a test pushes results to them as the server
 * would, or reads the variables they were opened with.
 */
import { ApolloLink, Observable } from '@apollo/client'
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { getOperationAST, type DocumentNode } from 'graphql'

interface OpenSubscription {
  operationName: string | undefined
  variables: Record<string, unknown>
  next(result: ApolloLink.Result): void
}

export class TestSubscriptions {
  private readonly open = new Set<OpenSubscription>()

  readonly link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const subscription: OpenSubscription = {
          operationName: operation.operationName,
          variables: operation.variables,
          next: (result) => observer.next(result),
        }
        this.open.add(subscription)
        return () => {
          this.open.delete(subscription)
        }
      }),
  )

  /** The variables of each open subscription of this operation. */
  variables<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>): TVariables[] {
    return this.opened(document).map((subscription) => subscription.variables as TVariables)
  }

  /** Sends `data` to the open subscriptions of this operation (those whose variables `match`); returns how many got it. */
  push<TData, TVariables>(
    document: TypedDocumentNode<TData, TVariables>,
    data: TData,
    match: (variables: TVariables) => boolean = () => true,
  ): number {
    const reached = this.opened(document).filter((subscription) => match(subscription.variables as TVariables))
    for (const subscription of reached) subscription.next({ data: data as Record<string, unknown> })
    return reached.length
  }

  private opened(document: DocumentNode): OpenSubscription[] {
    const name = getOperationAST(document)?.name?.value
    return [...this.open].filter((subscription) => subscription.operationName === name)
  }
}
