/** A step into a JSON value: an object key or an array index. */
export type PathSegment = string | number

/** Where a value sits: the metadata file it came from (when read from a directory) and its key path. */
export interface Location {
  file?: string
  path: PathSegment[]
}

/**
 * Hasura's JSONPath notation (`$.args.sources[0].tables`), as its `parse-failed` errors show it.
 * Keys that are not plain identifiers are quoted, as aeson does: `$["weird key"]`.
 */
export function formatJsonPath(path: readonly PathSegment[]): string {
  return '$' + path.map(formatSegment).join('')
}

/** The same path inside one file, without the `$` (`select_permissions[0].permission.columns`). */
export function formatKeyPath(path: readonly PathSegment[]): string {
  return path.map(formatSegment).join('').replace(/^\./, '')
}

function formatSegment(segment: PathSegment): string {
  if (typeof segment === 'number') return `[${segment}]`
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`
}

/** An invalid metadata value. `message` names the file and key path; `reason` is the bare cause. */
export class MetadataParseError extends Error {
  constructor(
    readonly location: Location,
    readonly reason: string,
  ) {
    super(describe(location, reason))
    this.name = 'MetadataParseError'
  }
}

function describe(location: Location, reason: string): string {
  if (location.file === undefined) return `${formatJsonPath(location.path)}: ${reason}`
  const keys = formatKeyPath(location.path)
  return keys ? `${location.file}: ${keys}: ${reason}` : `${location.file}: ${reason}`
}
