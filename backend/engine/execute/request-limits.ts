import type { GraphqlLimits } from '../../config/load-config.ts'
import { apiLimitsForRole, type RateLimit } from '../../metadata/api-limits.ts'
import type { Metadata } from '../../metadata/types.ts'

/** The limits one request is held to: the metadata's API limits for its role, else the server's own. */
export interface RequestLimits {
  maxDepth: number
  maxNodes: number
  maxAliases: number
  maxBatch: number
  timeLimitMs: number
  rate?: RateLimit
}

/**
 * The server's limits (environment) protect the embedded backend for every role; the metadata's
 * `api_limits` replace them for the roles they name, as Hasura applies them (never to admin).
 */
export function requestLimits(config: GraphqlLimits, metadata: Metadata, role: string): RequestLimits {
  const api = apiLimitsForRole(metadata.api_limits, role)
  return {
    maxDepth: api.depth ?? config.maxDepth,
    maxNodes: api.nodes ?? config.maxNodes,
    maxAliases: config.maxAliases,
    maxBatch: api.batch ?? config.maxBatch,
    timeLimitMs: api.timeLimitMs ?? config.timeLimitMs,
    ...(api.rate ? { rate: api.rate } : {}),
  }
}
