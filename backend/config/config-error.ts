/** A setting that cannot be used; the message names the variable or nhost.toml key. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`${setting}: ${reason}`)
    this.name = 'ConfigError'
  }
}
