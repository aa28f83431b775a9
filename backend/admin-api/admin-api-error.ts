import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../lib/http-error.ts'
import { MetadataParseError, formatJsonPath, type PathSegment } from '../metadata/model/metadata-parse-error.ts'

/**
 * An error of Hasura's admin APIs (`/v1/metadata`, `/v2/query`), mirroring `QErr`
 * (nhost/graphql-engine `Hasura/Base/Error.hs`): answered as `{"path","error","code"}` plus
 * `internal` (Postgres details), which only admins see — and only admins reach these APIs.
 */
export class AdminApiError extends HttpError {
  constructor(
    override readonly status: ContentfulStatusCode,
    code: string,
    message: string,
    readonly path: string = '$',
    readonly internal?: unknown,
  ) {
    super(status, code, message)
    this.name = 'AdminApiError'
  }

  override body(): Record<string, unknown> {
    return this.toJSON()
  }

  /** Hasura's `withPathK`: errors raised inside `args` get `$.args` (or `$[2]` in a bulk) in front. */
  under(...prefix: PathSegment[]): AdminApiError {
    const path = formatJsonPath(prefix) + this.path.slice(1)
    return new AdminApiError(this.status, this.code, this.message, path, this.internal)
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = { path: this.path, error: this.message, code: this.code }
    if (this.internal !== undefined) body.internal = this.internal
    return body
  }
}

/** A request that does not parse: Hasura's `parse-failed`, located by JSON path. */
export function parseFailed(error: MetadataParseError, prefix: PathSegment[] = []): AdminApiError {
  return new AdminApiError(400, 'parse-failed', error.reason, formatJsonPath([...prefix, ...error.location.path]))
}

export function respondWithAdminError(c: Context, error: AdminApiError): Response {
  return c.json(error.toJSON(), error.status)
}

/** Answers with the result, or with Hasura's error body for parse and API errors; others go on to the app's 500. */
export async function answer(c: Context, work: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json(await work())
  } catch (error) {
    if (error instanceof AdminApiError) return respondWithAdminError(c, error)
    if (error instanceof MetadataParseError) return respondWithAdminError(c, parseFailed(error))
    throw error
  }
}
