import type { Context } from 'hono'
import { BodyTooLargeError, readBodyText } from '../lib/read-body-text.ts'
import { AdminApiError } from './admin-api-error.ts'
import { JsonNode } from './json-node.ts'

/**
 * Metadata exports and run_sql scripts can be large, but not without bound: the body is read
 * only after the admin secret was checked, up to this many bytes.
 */
const MAX_ADMIN_REQUEST_BYTES = 64 * 1024 * 1024

/**
 * The request body as a JSON node at `$`. A body that is not JSON is Hasura's 400 `invalid-json`,
 * with aeson's way of saying where (`Error in $: …`).
 */
export async function readAdminRequest(c: Context): Promise<JsonNode> {
  let text: string
  try {
    text = await readBodyText(c.req.raw, MAX_ADMIN_REQUEST_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AdminApiError(413, 'request-too-large', error.message)
    throw error
  }
  try {
    return new JsonNode(JSON.parse(text), { path: [] })
  } catch (error) {
    const reason = text.trim() === '' ? 'not enough input' : `Failed reading: ${(error as Error).message}`
    throw new AdminApiError(400, 'invalid-json', `Error in $: ${reason}`)
  }
}
