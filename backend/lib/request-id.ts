import { randomUUID } from 'node:crypto'

/** The header that names a request in its answer and in every log line about it (Hasura's and Nhost's). */
export const REQUEST_ID_HEADER = 'x-request-id'

/** A client's id is kept when it is a plausible one: it goes into headers and log lines as it is. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/

/** The client's `x-request-id` when it is sane (one value, word characters, `.`, `:`, `-`, up to 128), else a new UUID. */
export function requestIdFrom(given: string | string[] | null | undefined): string {
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
}
