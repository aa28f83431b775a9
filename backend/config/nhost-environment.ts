import type { BackendConfig } from './load-config.ts'
import { ConfigError } from './config-error.ts'
import type { TomlTable } from './nhost-toml.ts'

/**
 * The variables Nhost injects into every function and into Hasura (where `{{NAME}}` webhook
 * templates and `value_from_env` headers read them), for a backend reachable at `baseUrl`.
 * Nhost's CLI names the local project's subdomain `local`; its URLs here all point at the one port.
 * `[[global.environment]]` from nhost.toml comes last, as Nhost adds it to every service.
 */
export function nhostEnvironment(config: BackendConfig, baseUrl: string): Record<string, string> {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    NHOST_ADMIN_SECRET: config.adminSecret,
    NHOST_WEBHOOK_SECRET: config.webhookSecret,
    NHOST_JWT_SECRET: config.jwtSecretText,
    NHOST_SUBDOMAIN: 'local',
    NHOST_REGION: '',
    NHOST_HASURA_URL: base,
    // Each service's base URL ends in /v1, as on hosted Nhost (server/service-base-paths.ts).
    NHOST_GRAPHQL_URL: `${base}/graphql/v1`,
    NHOST_AUTH_URL: `${base}/auth/v1`,
    NHOST_STORAGE_URL: `${base}/storage/v1`,
    NHOST_FUNCTIONS_URL: `${base}/functions/v1`,
    ...globalEnvironment(config.nhostToml),
  }
}

/** nhost.toml's `[[global.environment]]`: a list of `{name, value}` tables. */
export function globalEnvironment(toml: TomlTable): Record<string, string> {
  const list = (toml.global as TomlTable | undefined)?.environment
  if (list === undefined) return {}
  if (!Array.isArray(list)) throw new ConfigError('nhost/nhost.toml global.environment', 'expected a list of {name, value} tables')
  const result: Record<string, string> = {}
  list.forEach((entry, index) => {
    const { name, value } = (entry ?? {}) as { name?: unknown; value?: unknown }
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || typeof value !== 'string') {
      throw new ConfigError(`nhost/nhost.toml global.environment[${index}]`, 'needs a name (letters, digits, _) and a string value')
    }
    result[name] = value
  })
  return result
}
