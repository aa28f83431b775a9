import type { Session } from '../../session/session.ts'
import type { GraphqlRequest } from '../execute/graphql-engine.ts'

/** Where one operation's results go; the transport turns each call into its protocol's message. */
export interface OperationSink {
  /** One result, as Hasura's response JSON text: `{"data":…}`, with `errors` when execution failed. */
  next(response: string): void
  /**
   * One batch of a streaming subscription: every batch is sent, in order. (A live query's newer
   * result may replace an unsent older one; a stream's batches are different rows.)
   */
  append(response: string): void
  /** The operation could not start (parse, validation, permission): Hasura's `errors` JSON array text. */
  error(errors: string): void
  /** A query or mutation has sent its only result. */
  complete(): void
}

/**
 * What the WebSocket transport needs from the engine: queries and mutations answer once, live
 * queries and streams answer until stopped. The returned function stops the operation.
 */
export interface OperationRunner {
  /** `requestId`: the connection's, for the log lines an operation writes. */
  start(request: GraphqlRequest, session: Session, sink: OperationSink, requestId?: string): Promise<() => void>
}

/** Hasura's error JSON for errors the transport itself raises. */
export function hasuraErrors(code: string, message: string): string {
  return JSON.stringify([{ extensions: { path: '$', code }, message }])
}
