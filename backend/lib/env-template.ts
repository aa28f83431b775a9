/**
 * Hasura's `{{ENV_VAR}}` templates in webhook URLs (`{{NHOST_FUNCTIONS_URL}}/events/x`): each
 * `{{NAME}}` is replaced by the variable's value; a variable that is not set is an error that
 * names it, as Hasura refuses such a trigger at creation.
 */
const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g

export class MissingEnvironmentVariable extends Error {
  constructor(readonly variable: string) {
    super(`environment variable '${variable}' not set`)
    this.name = 'MissingEnvironmentVariable'
  }
}

export function envTemplateNames(text: string): string[] {
  return [...text.matchAll(TEMPLATE)].map((m) => m[1]!)
}

export function resolveEnvTemplate(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(TEMPLATE, (_match, name: string) => readEnvironmentVariable(env, name))
}

export function readEnvironmentVariable(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = env[name]
  if (value === undefined) throw new MissingEnvironmentVariable(name)
  return value
}
