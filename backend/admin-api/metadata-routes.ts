import { Hono } from 'hono'
import type { BackendContext } from '../context/backend-context.ts'
import { answer } from './admin-api-error.ts'
import { readMetadataCommand } from './metadata-commands.ts'
import { readAdminRequest } from './read-admin-request.ts'
import { saveMetadata, withMetadataLock } from './save-metadata.ts'

/**
 * `POST /v1/metadata` (https://hasura.io/docs/2.0/api-reference/metadata-api/index/). A request
 * that changes the metadata saves it once at the end, checked against `resource_version` when the
 * request carries one (else against the version it started from): a mismatch is 409 `conflict`.
 */
export function metadataRoutes(context: BackendContext): Hono {
  const app = new Hono()
  app.post('/v1/metadata', (c) =>
    answer(c, async () => {
      const body = await readAdminRequest(c)
      const command = readMetadataCommand(body)
      const resourceVersion = body.optional('resource_version', (n) => n.nonNegativeInteger())
      return withMetadataLock(context, async () => {
        const state = { metadata: context.metadata.current, resourceVersion: context.metadata.resourceVersion }
        const outcome = await command(state, context)
        if (outcome.next) {
          await saveMetadata(context, outcome.next, resourceVersion ?? state.resourceVersion)
          context.metadata.catalogChanged()
        }
        return outcome.response
      })
    }),
  )
  return app
}
