import { describe, expect, it } from 'vitest'
import { sql } from '../../lib/sql.ts'
import type { ParamValue } from '../plan/ir.ts'
import { BoundParam } from './bound-param.ts'
import { multiplex } from './compile-live-query.ts'

const session = (name: string, encoding: BoundParam['encoding'] = 'text') => new BoundParam({ kind: 'session', name }, encoding)

describe('multiplex', () => {
  it('reads each slot from the cohort row, one slot per session variable or variable and encoding, constants after the batch', () => {
    const user = session('x-hasura-user-id')
    const statement = multiplex(
      sql`SELECT (${user})::uuid, (${session('x-hasura-user-id')})::text, (${session('x-hasura-user-id', 'array')})::text[], ${50}`,
      ['response'],
    )
    expect(statement.text).toBe(
      'SELECT "_cohort"."ord"::int4 AS "cohort", "_result".*\n' +
        'FROM json_array_elements($1::json) WITH ORDINALITY AS "_cohort"("params", "ord")\n' +
        'LEFT JOIN LATERAL (SELECT (("_cohort"."params" ->> 0))::uuid, (("_cohort"."params" ->> 0))::text, ' +
        '(("_cohort"."params" ->> 1))::text[], $2) AS "_result"("response") ON true',
    )
    expect(statement.slots.map((slot) => slot.encoding)).toEqual(['text', 'array'])
    expect(statement.constants).toEqual([50])
  })

  it('gives literals and the param named as its own (a stream cursor) a slot of their own', () => {
    const cursor: ParamValue = { kind: 'variable', name: 'after' }
    const statement = multiplex(
      sql`SELECT (${new BoundParam({ kind: 'variable', name: 'after' }, 'text')})::int, (${new BoundParam(cursor, 'text')})::int, (${new BoundParam({ kind: 'literal', value: 3 }, 'text')})::int, (${new BoundParam({ kind: 'literal', value: 3 }, 'text')})::int`,
      ['response'],
      [cursor],
    )
    expect(statement.slots.map((slot) => slot.param)).toEqual([
      { kind: 'variable', name: 'after' },
      cursor,
      { kind: 'literal', value: 3 },
      { kind: 'literal', value: 3 },
    ])
    expect(statement.slots[1]!.param).toBe(cursor)
  })
})
