import type { Context } from 'hono'
import { AdminApiError } from './admin-api-error.ts'
import { JsonNode } from '../metadata/model/json-node.ts'

/**
 * The request body as a JSON node at `$`. A body that is not JSON is Hasura's 400 `invalid-json`,
 * with aeson's way of saying where (`Error in $: …`).
 */
export async function readAdminRequest(c: Context): Promise<JsonNode> {
  const text = await c.req.text()
  try {
    return new JsonNode(JSON.parse(text), { path: [] })
  } catch (error) {
    const reason = text.trim() === '' ? 'not enough input' : `Failed reading: ${(error as Error).message}`
    throw new AdminApiError(400, 'invalid-json', `Error in $: ${reason}`)
  }
}
