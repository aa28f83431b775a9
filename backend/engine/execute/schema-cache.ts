import type { GraphQLSchema } from 'graphql'
import type { Database } from '../../db/database.ts'
import { LruCache } from '../../lib/lru-cache.ts'
import type { MetadataStore } from '../../metadata/store/metadata-store.ts'
import { introspectCatalog } from '../catalog/introspect-catalog.ts'
import { RoleSchemaBuilder } from '../schema/build-role-schema.ts'
import { buildRoleModel, type RoleModel } from '../schema/role-access.ts'
import { buildSourceModel, type SourceModel } from '../schema/source-model.ts'

export interface RoleSchema {
  role: RoleModel
  schema: GraphQLSchema
  /**
   * Bumped on every rebuild: an older schema is never handed out again, nor, with it, the
   * documents and plans cached on it (document-cache.ts).
   */
  generation: number
}

/** Roles are few; the bound only guards against a flood of made-up `x-hasura-role` values. */
const MAX_ROLES = 256

/**
 * The source model (catalog + metadata) and each role's schema, built lazily and rebuilt on the
 * first request after the metadata or the catalog changed (`MetadataStore.subscribe`).
 */
export class SchemaCache {
  #generation = 0
  #model: Promise<SourceModel> | null = null
  readonly #roles = new LruCache<string, RoleSchema>(MAX_ROLES)

  constructor(
    readonly db: Database,
    readonly metadata: MetadataStore,
  ) {
    metadata.subscribe(() => this.invalidate())
  }

  invalidate(): void {
    this.#generation += 1
    this.#model = null
    this.#roles.clear()
  }

  /** The role's schema when it is built and current: requests after the first need no await. */
  cached(role: string, backendOnly = false): RoleSchema | undefined {
    const cached = this.#roles.get(roleKey(role, backendOnly))
    return cached?.generation === this.#generation ? cached : undefined
  }

  /** `backendOnly`: the schema with the role's `backend_only` mutation permissions (Hasura builds both). */
  async forRole(role: string, backendOnly = false): Promise<RoleSchema> {
    const generation = this.#generation
    const cached = this.cached(role, backendOnly)
    if (cached) return cached
    const model = await this.#sourceModel()
    const roleModel = { ...buildRoleModel(model, role), backendOnly }
    const built: RoleSchema = { role: roleModel, schema: new RoleSchemaBuilder(roleModel).build(), generation }
    if (generation === this.#generation) this.#roles.set(roleKey(role, backendOnly), built)
    return built
  }

  #sourceModel(): Promise<SourceModel> {
    if (!this.#model) {
      const generation = this.#generation
      const building = (async () => buildSourceModel(this.metadata.current, await introspectCatalog(this.db), this.db))()
      this.#model = building
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (this.#generation === generation && this.#model === building) this.#model = null
      })
    }
    return this.#model
  }
}

function roleKey(role: string, backendOnly: boolean): string {
  return backendOnly ? `${role}\0backend-only` : role
}
