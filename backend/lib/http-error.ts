/**
 * The one family of errors the services answer with: an HTTP status, a stable machine code and a
 * message safe to show. Each service's subclass renders the body its documentation promises
 * (`body()`) and any headers that go with it; this base renders Nhost Auth's
 * `{status, error, message}`. `backend/lib/error-answer.ts` turns any thrown value into an answer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'HttpError'
  }

  /** The response body, to be serialised as JSON. */
  body(): unknown {
    return { status: this.status, error: this.code, message: this.message }
  }

  /** Headers the service sends with this error (beside `content-type` and `x-request-id`). */
  headers(): Record<string, string> {
    return {}
  }
}

/**
 * Hasura's shape for an error outside GraphQL execution: the admin APIs (`QErr`) and a
 * `/v1/graphql` body refused before it is parsed, `{"path","error","code"}`.
 */
export class HasuraRestError extends HttpError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly path = '$',
  ) {
    super(status, code, message)
    this.name = 'HasuraRestError'
  }

  override body(): { path: string; error: string; code: string } {
    return { path: this.path, error: this.message, code: this.code }
  }
}

/** Hasura's GraphQL shape, `{"errors":[{"message","extensions":{"path","code"}}]}`. */
export class HasuraGraphqlError extends HttpError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly path = '$',
  ) {
    super(status, code, message)
    this.name = 'HasuraGraphqlError'
  }

  override body(): { errors: { message: string; extensions: { path: string; code: string } }[] } {
    return { errors: [{ message: this.message, extensions: { path: this.path, code: this.code } }] }
  }
}
