import { readEnvironmentVariable, resolveEnvTemplate } from '../lib/env-template.ts'
import type { WebhookHeader } from './post-webhook.ts'

type Env = Readonly<Record<string, string | undefined>>

export interface WebhookConf {
  webhook?: string
  webhook_from_env?: string
}

export interface HeaderConf {
  name: string
  value?: string
  value_from_env?: string
}

/** `webhook` (with `{{ENV}}` templates) or `webhook_from_env`; throws MissingEnvironmentVariable. */
export function resolveWebhookUrl(conf: WebhookConf, env: Env): string {
  if (conf.webhook_from_env !== undefined) return readEnvironmentVariable(env, conf.webhook_from_env)
  return resolveEnvTemplate(conf.webhook ?? '', env)
}

/** Configured headers, read when the event is delivered, as Hasura does (so a rotated secret applies). */
export function resolveHeaders(headers: readonly HeaderConf[] | undefined, env: Env): WebhookHeader[] {
  return (headers ?? []).map((h) => ({
    name: h.name,
    value: h.value_from_env !== undefined ? readEnvironmentVariable(env, h.value_from_env) : (h.value ?? ''),
  }))
}
