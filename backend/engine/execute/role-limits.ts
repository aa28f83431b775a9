import type { GraphqlLimits } from '../../config/load-config.ts'
import { LruCache } from '../../lib/lru-cache.ts'
import type { MetadataStore } from '../../metadata/store/metadata-store.ts'
import { requestLimits, type RequestLimits } from './request-limits.ts'

/** Limits are kept per role; made-up `x-hasura-role` values only churn them. */
const MAX_ROLES = 256

/** Each role's request limits (request-limits.ts), worked out once and kept until the metadata changes. */
export class RoleLimits {
  readonly #byRole = new LruCache<string, RequestLimits>(MAX_ROLES)

  constructor(
    private readonly config: GraphqlLimits,
    private readonly metadata: MetadataStore,
  ) {
    metadata.subscribe(() => this.#byRole.clear())
  }

  of(role: string): RequestLimits {
    let found = this.#byRole.get(role)
    if (!found) this.#byRole.set(role, (found = requestLimits(this.config, this.metadata.current, role)))
    return found
  }
}
