/**
 * How Postgres types surface in the GraphQL schema, as Hasura v2 names them
 * (`mkScalarTypeName` and `pgScalarTranslations` in Hasura.Backends.Postgres.SQL.Types):
 * int4 is `Int`, text and varchar are `String`, float4 is `Float`, bool is `Boolean`; every other
 * type keeps its Postgres name (`bigint`, `float8`, `numeric`, `uuid`, `timestamptz`, `jsonb`, …).
 */
const SCALAR_NAMES: Record<string, string> = {
  int4: 'Int',
  text: 'String',
  varchar: 'String',
  float4: 'Float',
  bool: 'Boolean',
  int2: 'smallint',
  int8: 'bigint',
  float8: 'float8',
  timetz: 'timetz',
}

export function scalarNameFor(type: string, elementType: string | null): string {
  if (elementType !== null) return `_${elementType}`
  return SCALAR_NAMES[type] ?? type
}

/** Hasura's `isBigNum`: with HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES these are sent as strings. */
const BIG_NUMBERS = new Set(['int8', 'numeric', 'float8', 'money'])

export function isBigNumber(type: string): boolean {
  return BIG_NUMBERS.has(type)
}

/** Hasura's `isNumType`: columns that take part in sum/avg/stddev/variance. */
const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'money'])

export function isNumericType(type: string): boolean {
  return NUMERIC_TYPES.has(type)
}

/** Hasura's `isStringType`: columns whose comparison type has the text operators. */
const STRING_TYPES = new Set(['text', 'varchar', 'citext', 'bpchar'])

export function isStringType(type: string): boolean {
  return STRING_TYPES.has(type)
}

/**
 * Hasura's `isComparableType`: the types it knows by name, except json, jsonb, bool and the
 * geometries, take part in max/min; types it treats as unknown (interval, inet, …) do not.
 */
const COMPARABLE_TYPES = new Set([
  'int2',
  'int4',
  'int8',
  'float4',
  'float8',
  'numeric',
  'money',
  'bpchar',
  'varchar',
  'text',
  'citext',
  'date',
  'timestamp',
  'timestamptz',
  'timetz',
  'uuid',
  'ltree',
  'lquery',
  'ltxtquery',
])

export function isComparableType(type: string, typeKind: string): boolean {
  return COMPARABLE_TYPES.has(type) || typeKind === 'e'
}

/**
 * The scalars Hasura v2 parses from JSON itself (`parsePGValue`: the types `PGScalarType` names,
 * under their GraphQL names). Any other Postgres type (interval, inet, cidr, macaddr, bit,
 * tsvector, point, time, enums, …) is `PGUnknown` there: it takes a string, handed to Postgres,
 * and anything else is "A string is expected for type: interval". Arrays (`_int4`) are left out:
 * they take a Postgres array literal or a JSON list here.
 */
const PARSED_SCALARS = new Set([
  'Int',
  'Float',
  'String',
  'Boolean',
  'smallint',
  'bigint',
  'float8',
  'numeric',
  'money',
  'bpchar',
  'citext',
  'date',
  'timestamp',
  'timestamptz',
  'timetz',
  'json',
  'jsonb',
  'geometry',
  'geography',
  'raster',
  'uuid',
  'ltree',
  'lquery',
  'ltxtquery',
])

export function takesOnlyStrings(scalarName: string): boolean {
  return !PARSED_SCALARS.has(scalarName) && !scalarName.startsWith('_')
}

export function stringExpectedMessage(scalarName: string): string {
  return `A string is expected for type: ${scalarName}`
}
