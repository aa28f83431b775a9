/** OIDs whose values both adapters turn into JS values; every other type stays Postgres text. */
export const PARSED_TYPES = {
  bool: 16,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  json: 114,
  jsonb: 3802,
} as const

export function parseValue(oid: number, text: string): unknown {
  switch (oid) {
    case PARSED_TYPES.bool:
      return text === 't' || text === 'true'
    case PARSED_TYPES.int2:
    case PARSED_TYPES.int4:
    case PARSED_TYPES.oid:
      return Number.parseInt(text, 10)
    case PARSED_TYPES.float4:
    case PARSED_TYPES.float8:
      return Number(text)
    case PARSED_TYPES.json:
    case PARSED_TYPES.jsonb:
      return JSON.parse(text)
    default:
      return text
  }
}
