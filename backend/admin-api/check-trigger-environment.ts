import type { BackendConfig } from '../config/load-config.ts'
import { nhostEnvironment } from '../config/nhost-environment.ts'
import { envTemplateNames } from '../lib/env-template.ts'
import { AdminApiError } from './admin-api-error.ts'

interface TriggerConf {
  webhook?: string
  webhook_from_env?: string
  headers?: { value_from_env?: string }[]
}

/**
 * Refuses a trigger whose webhook or headers read a variable that is not set, as Hasura does
 * (`getEnv`: 400 `not-found`, "environment variable 'X' not set"). The variables Nhost gives
 * Hasura count as set; their values are only known once the backend listens.
 */
export function assertTriggerEnvironment(conf: TriggerConf, config: BackendConfig): void {
  // The environment deliveries read (backend/triggers/start-triggers.ts): the process's, the one
  // the backend was started with, and Nhost's variables.
  const known = { ...process.env, ...config.environment, ...nhostEnvironment(config, 'http://localhost') }
  const names = [
    ...(conf.webhook_from_env !== undefined ? [conf.webhook_from_env] : []),
    ...envTemplateNames(conf.webhook ?? ''),
    ...(conf.headers ?? []).flatMap((h) => (h.value_from_env !== undefined ? [h.value_from_env] : [])),
  ]
  for (const name of names) {
    if (known[name] === undefined) throw new AdminApiError(400, 'not-found', `environment variable '${name}' not set`)
  }
}
