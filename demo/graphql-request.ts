import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import type { NhostClient } from '@nhost/nhost-js'
import { print, type OperationDefinitionNode } from 'graphql'

/**
 * Sends one of the typed documents from src/gql through nhost-js's GraphQL client (which attaches
 * and refreshes the session's token). The generated documents carry no source location, which
 * nhost-js reads the query text from, so the text is printed from the AST.
 */
export async function requestGraphql<TData, TVariables extends Record<string, unknown>>(
  nhost: NhostClient,
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')
  const response = await nhost.graphql.request<TData, TVariables>({
    query: print(document),
    variables,
    operationName: operation?.name?.value,
  })
  // nhost-js throws a FetchError when the answer has `errors`, so data is there.
  return response.body.data as TData
}
