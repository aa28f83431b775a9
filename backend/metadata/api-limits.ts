import type { JsonNode } from './json-node.ts'

/**
 * Hasura's API limits (`api_limits` in the metadata, `set_api_limits`;
 * https://hasura.io/docs/2.0/api-reference/metadata-api/api-limits/): a global value and
 * values per role for each limit. They never apply to the admin role. `time_limit` is in seconds.
 */
export interface ApiLimits {
  disabled?: boolean
  depth_limit?: LimitOption<number>
  node_limit?: LimitOption<number>
  batch_limit?: LimitOption<number>
  time_limit?: LimitOption<number>
  rate_limit?: LimitOption<RateLimit>
}

export interface LimitOption<T> {
  global: T
  per_role?: Record<string, T>
}

export interface RateLimit {
  max_reqs_per_min: number
  /** `"IP"` or the session variables whose values, with the role, name the client counted. */
  unique_params?: 'IP' | string[] | null
}

/** Parses `set_api_limits`' args, refusing what Hasura refuses (negative limits, unknown unique params). */
export function readApiLimits(node: JsonNode): ApiLimits {
  node.object()
  const limits: ApiLimits = {}
  const disabled = node.optional('disabled', (n) => n.boolean())
  if (disabled !== undefined) limits.disabled = disabled
  for (const key of ['depth_limit', 'node_limit', 'batch_limit', 'time_limit'] as const) {
    const option = node.optional(key, (n) => readOption(n, (v) => v.nonNegativeInteger()))
    if (option) limits[key] = option
  }
  const rate = node.optional('rate_limit', (n) => readOption(n, readRateLimit))
  if (rate) limits.rate_limit = rate
  return limits
}

function readOption<T>(node: JsonNode, read: (node: JsonNode) => T): LimitOption<T> {
  node.object()
  const option: LimitOption<T> = { global: node.required('global', read) }
  const perRole = node.optional('per_role', (n) => {
    const entries = n.object()
    return Object.fromEntries(Object.keys(entries).map((role) => [role, read(n.key(role))]))
  })
  if (perRole) option.per_role = perRole
  return option
}

function readRateLimit(node: JsonNode): RateLimit {
  node.object()
  const limit: RateLimit = { max_reqs_per_min: node.required('max_reqs_per_min', (n) => n.nonNegativeInteger()) }
  const params = node.optional('unique_params', (n): 'IP' | string[] => {
    if (n.value === 'IP') return 'IP'
    return n.list((item) => {
      const name = item.string().toLowerCase()
      if (!name.startsWith('x-hasura-')) item.fail('expected "IP" or a list of session variables (x-hasura-*)')
      return name
    }, 'expected "IP" or a list of session variables (x-hasura-*)')
  })
  if (params) limit.unique_params = params
  return limit
}

/** What one role may do, once the metadata's global and per-role values are combined. */
export interface RoleApiLimits {
  depth?: number
  nodes?: number
  batch?: number
  timeLimitMs?: number
  rate?: RateLimit
}

export function apiLimitsForRole(limits: ApiLimits | undefined, role: string): RoleApiLimits {
  if (!limits || limits.disabled || role === 'admin') return {}
  const pick = <T>(option: LimitOption<T> | undefined): T | undefined => option?.per_role?.[role] ?? option?.global
  const time = pick(limits.time_limit)
  return {
    depth: pick(limits.depth_limit),
    nodes: pick(limits.node_limit),
    batch: pick(limits.batch_limit),
    timeLimitMs: time === undefined ? undefined : time * 1000,
    rate: pick(limits.rate_limit),
  }
}
