import type { BackendConfig } from '../config/load-config.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../lib/logger.ts'
import type { MetadataStore } from '../metadata/store/metadata-store.ts'

/** What every service of the embedded backend is given when it is mounted. */
export interface BackendContext {
  config: BackendConfig
  db: Database
  log: Logger
  metadata: MetadataStore
  /** The URL the server listens on, set once it does (PORT=0 picks the port only then). */
  listeningUrl?: string
}
