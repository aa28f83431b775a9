import { MetadataParseError, type Location, type PathSegment } from './metadata-parse-error.ts'

/**
 * A JSON value together with where it was found, for hand-written validators that report the file
 * and key path of the first bad value. `origins` maps values spliced in by `!include` to the file
 * they were read from, so that errors inside an included file name that file and a path within it.
 */
export class JsonNode {
  readonly at: Location

  constructor(
    readonly value: unknown,
    at: Location,
    private readonly origins?: WeakMap<object, string>,
  ) {
    const file = typeof value === 'object' && value !== null ? origins?.get(value) : undefined
    this.at = file === undefined ? at : { file, path: [] }
  }

  fail(reason: string): never {
    throw new MetadataParseError(this.at, reason)
  }

  child(segment: PathSegment, value: unknown): JsonNode {
    return new JsonNode(value, { file: this.at.file, path: [...this.at.path, segment] }, this.origins)
  }

  get isAbsent(): boolean {
    return this.value === undefined || this.value === null
  }

  /** The object's entries; fails when this is not a JSON object. */
  object(expected = 'expected an object'): Record<string, unknown> {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) this.fail(expected)
    return this.value as Record<string, unknown>
  }

  key(name: string): JsonNode {
    return this.child(name, this.object()[name])
  }

  /** Runs `read` on the key when it is present and not null. */
  optional<T>(name: string, read: (node: JsonNode) => T): T | undefined {
    const node = this.key(name)
    return node.isAbsent ? undefined : read(node)
  }

  required<T>(name: string, read: (node: JsonNode) => T): T {
    const node = this.key(name)
    if (node.value === undefined) this.fail(`key "${name}" not found`)
    return read(node)
  }

  list<T>(read: (node: JsonNode) => T, expected = 'expected a list'): T[] {
    if (!Array.isArray(this.value)) this.fail(expected)
    return this.value.map((item, i) => read(this.child(i, item)))
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail('expected a string')
    return this.value
  }

  nonEmptyString(): string {
    const text = this.string()
    if (text.trim() === '') this.fail('expected a non-empty string')
    return text
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('expected true or false')
    return this.value
  }

  nonNegativeInteger(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value) || this.value < 0) {
      this.fail('expected a non-negative integer')
    }
    return this.value
  }

  /** Any JSON object, kept as given (parts of the metadata the backend passes through untouched). */
  anyObject(): Record<string, unknown> {
    return this.object()
  }

  stringMap(): Record<string, string> {
    const entries = this.object()
    return Object.fromEntries(Object.keys(entries).map((k) => [k, this.child(k, entries[k]).string()]))
  }
}
