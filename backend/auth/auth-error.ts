import { HttpError } from '../lib/http-error.ts'

/**
 * Nhost Auth's error codes with the status and message it answers for each
 * (nhost/nhost `services/auth/go/controller/errors.go`, `getError`). Clients such as
 * `@nhost/nhost-js` read `error`; the messages are part of the contract too.
 */
const ERRORS = {
  'default-role-must-be-in-allowed-roles': [400, 'Default role must be in allowed roles'],
  'disabled-endpoint': [409, 'This endpoint is disabled'],
  'disabled-user': [401, 'User is disabled'],
  'user-already-exists': [409, 'User already exists'],
  'email-already-verified': [400, "User's email is already verified"],
  'forbidden-anonymous': [403, 'Forbidden, user is anonymous.'],
  'internal-server-error': [500, 'Internal server error'],
  'invalid-email-password': [401, 'Incorrect email or password'],
  'invalid-pat': [401, 'Invalid or expired personal access token'],
  'invalid-request': [400, 'The request payload is incorrect'],
  'locale-not-allowed': [400, 'Locale not allowed'],
  'password-too-short': [400, 'Password is too short'],
  'redirectTo-not-allowed': [400, 'The value of "options.redirectTo" is not allowed.'],
  'role-not-allowed': [400, 'Role not allowed'],
  'signup-disabled': [403, 'Sign up is disabled.'],
  'unverified-user': [401, 'User is not verified.'],
  'user-not-anonymous': [400, 'Logged in user is not anonymous'],
  'invalid-refresh-token': [401, 'Invalid or expired refresh token'],
  'invalid-ticket': [401, 'Invalid ticket'],
} as const satisfies Record<string, readonly [number, string]>

export type AuthErrorCode = keyof typeof ERRORS

/**
 * Codes that `auth.misc.concealErrors` turns into a plain `invalid-request`, so that
 * responses reveal nothing about accounts (Nhost's `isSensitive`).
 */
const SENSITIVE: ReadonlySet<AuthErrorCode> = new Set([
  'disabled-user',
  'user-already-exists',
  'email-already-verified',
  'forbidden-anonymous',
  'invalid-email-password',
  'invalid-pat',
  'role-not-allowed',
  'signup-disabled',
  'unverified-user',
  'invalid-refresh-token',
  'invalid-ticket',
])

export class AuthError extends HttpError {
  constructor(
    readonly authCode: AuthErrorCode,
    options?: { cause?: unknown },
  ) {
    const [status, message] = ERRORS[authCode]
    super(status, authCode, message, options)
    this.name = 'AuthError'
  }

  /** The error as Nhost answers it, after `concealErrors`. */
  concealed(conceal: boolean): AuthError {
    return conceal && SENSITIVE.has(this.authCode) ? new AuthError('invalid-request', { cause: this }) : this
  }

  toJSON(): { status: number; message: string; error: string } {
    return { status: this.status, message: this.message, error: this.code }
  }

  override body(): { status: number; message: string; error: string } {
    return this.toJSON()
  }
}

/**
 * A request that breaks the OpenAPI schema. Nhost Auth rejects these in its OpenAPI validator
 * before any handler runs, with a body of another shape: `{error, reason}`
 * (nhost/nhost `internal/lib/oapi/request.go`, `handleError`).
 */
export class SchemaValidationError extends HttpError {
  constructor(
    readonly kind: 'schema-validation-error' | 'request-validation-error',
    readonly reason: string,
    /** 413 for a body over the limit, which the validator's shape reports too. */
    override readonly status: 400 | 413 = 400,
  ) {
    super(status, kind, reason)
    this.name = 'SchemaValidationError'
  }

  toJSON(): { error: string; reason: string } {
    return { error: this.kind, reason: this.reason }
  }

  override body(): { error: string; reason: string } {
    return this.toJSON()
  }
}

/** A bearer token that is missing, malformed, tampered with or expired (same source, 401). */
export class UnauthorizedError extends HttpError {
  override readonly status = 401
  constructor(readonly reason: string) {
    super(401, 'unauthorized', reason)
    this.name = 'UnauthorizedError'
  }

  toJSON(): { error: string; reason: string; securityScheme: string } {
    return { error: 'unauthorized', reason: this.reason, securityScheme: 'BearerAuth' }
  }

  override body(): { error: string; reason: string; securityScheme: string } {
    return this.toJSON()
  }
}
