import { HttpError } from '../lib/http-error.ts'

/**
 * An answer of the functions runtime itself (a body the parsers refuse, a handler that throws, a
 * call too large, timed out, refused or cut): `{"error": {"code", "message"}}`, the shape functions
 * answer their own errors in, so that a client of `/functions/v1` reads one shape whichever side
 * refused its call (docs/compatibility.md, "Functions").
 */
export class FunctionsError extends HttpError {
  constructor(status: number, code: string, message: string) {
    super(status, code, message)
    this.name = 'FunctionsError'
  }

  override body(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } }
  }
}
