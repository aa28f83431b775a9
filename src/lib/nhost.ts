import { createClient, type NhostClient } from '@nhost/nhost-js'
import type { AppEnv } from './env.ts'

/** nhost-js v4 with explicit service URLs, so one build serves the embedded backend and Nhost Cloud. */
export function createNhost(env: AppEnv): NhostClient {
  return createClient({
    authUrl: env.authUrl,
    graphqlUrl: env.graphqlUrl,
    storageUrl: env.storageUrl,
    functionsUrl: env.functionsUrl,
  })
}
