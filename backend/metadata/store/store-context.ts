import type { BackendConfig } from '../../config/load-config.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../lib/logger.ts'
import type { MetadataStore } from './metadata-store.ts'

/**
 * What the metadata store's start-up and cross-instance steps need. The backend context (one layer
 * up) has the same fields, so callers pass it as it is.
 */
export interface StoreContext {
  config: BackendConfig
  db: Database
  log: Logger
  metadata: MetadataStore
}
