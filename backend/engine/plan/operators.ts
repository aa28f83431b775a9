/**
 * Comparison operators of `_comparison_exp` and permission filters, as SQL operators. Hasura's
 * permission syntax also accepts each with a `$` prefix (`$eq`, `$has_key`), and `_c*` compares
 * two columns of the row (`{"bid_price": {"$cgt": "price"}}`).
 */
export const BINARY_OPERATORS: Record<string, string> = {
  _eq: '=',
  _neq: '<>',
  _ne: '<>',
  _gt: '>',
  _lt: '<',
  _gte: '>=',
  _lte: '<=',
  _like: 'LIKE',
  _nlike: 'NOT LIKE',
  _ilike: 'ILIKE',
  _nilike: 'NOT ILIKE',
  _similar: 'SIMILAR TO',
  _nsimilar: 'NOT SIMILAR TO',
  _regex: '~',
  _nregex: '!~',
  _iregex: '~*',
  _niregex: '!~*',
  _contains: '@>',
  _contained_in: '<@',
  _ancestor: '@>',
  _descendant: '<@',
  _matches: '~',
  _matches_fulltext: '@',
}

/** The right-hand side's SQL type when it is not the column's own. */
export const OPERAND_TYPES: Record<string, string> = {
  _like: 'text',
  _nlike: 'text',
  _ilike: 'text',
  _nilike: 'text',
  _similar: 'text',
  _nsimilar: 'text',
  _regex: 'text',
  _nregex: 'text',
  _iregex: 'text',
  _niregex: 'text',
  _matches: 'lquery',
  _matches_fulltext: 'ltxtquery',
}

export const COLUMN_OPERATORS: Record<string, string> = {
  _ceq: '=',
  _cne: '<>',
  _cneq: '<>',
  _cgt: '>',
  _clt: '<',
  _cgte: '>=',
  _clte: '<=',
}

export const KEY_OPERATORS: Record<string, '?' | '?|' | '?&'> = {
  _has_key: '?',
  _has_keys_any: '?|',
  _has_keys_all: '?&',
}

/** `$eq` → `_eq`: the permission syntax's older spelling. */
export function normaliseOperator(name: string): string {
  return name.startsWith('$') ? `_${name.slice(1)}` : name
}
