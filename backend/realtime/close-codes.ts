/**
 * WebSocket close codes as Hasura sends them (`ServerErrorCode` in hasura/graphql-engine
 * `server/src-lib/Hasura/GraphQL/Transport/WebSocket/Server.hs`), which are the codes of the
 * graphql-ws protocol (`CloseCode` in enisdenjo/graphql-ws `src/common.ts`). Clients decide from
 * them whether to reconnect: graphql-ws treats 4400, 4401, 4409 and 4429 as fatal.
 */
export const CloseCode = {
  Normal: 1000,
  InternalError: 1011,
  /**
   * RFC 6455 "Service Restart": the metadata changed, so that every operation is validated and
   * planned again when the client reconnects (Hasura's `forceConnReconnect`).
   */
  ServiceRestart: 1012,
  /** RFC 6455 "Try Again Later": a client too slow to read its results, which may reconnect. */
  TryAgainLater: 1013,
  BadRequest: 4400,
  Unauthorized: 4401,
  ConnectionInitialisationTimeout: 4408,
  SubscriberAlreadyExists: 4409,
  TooManyInitialisationRequests: 4429,
} as const

export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode]
