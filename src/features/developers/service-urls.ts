import type { NhostClient } from '@nhost/nhost-js'
import type { SnippetTarget } from './snippets.ts'

/**
 * The service URLs the app's nhost client was made with (src/lib/env.ts), absolute, for the
 * explorer and its snippets. Read from the client rather than from env.ts: importing env.ts here
 * would move it out of the first page's chunk into one shared with this screen (bench/RESULTS.md).
 */
export function serviceUrls(nhost: NhostClient): SnippetTarget {
  const graphqlUrl = nhost.graphql.url
  return {
    authUrl: nhost.auth.baseURL,
    graphqlUrl,
    // The same WebSocket URL env.ts gives Apollo's graphql-ws client.
    graphqlWsUrl: graphqlUrl.replace(/^http/, 'ws'),
    functionsUrl: nhost.functions.baseURL,
  }
}
