/** An environment variable Nhost injects into every function (NHOST_*); missing means a misconfigured runtime. */
export function requiredEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
