/** An error a service answers with: HTTP status, a stable machine code and a message safe to show. */
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
}
