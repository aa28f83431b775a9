import { describe, expect, it } from 'vitest'
import { rewriteParameters } from './rewrite-parameters.ts'

const shift = (text: string) => rewriteParameters(text, (n) => `$${n + 10}`)

describe('rewriteParameters', () => {
  it('renumbers parameters', () => {
    expect(shift('SELECT $1::int + $2, f($12)')).toBe('SELECT $11::int + $12, f($22)')
  })

  it('leaves look-alikes in literals, identifiers, dollar quotes and comments alone', () => {
    const text = `SELECT '$1', 'it''s $2', E'\\'$3', "col$4", "a""$5", $$ $6 $$, $body$ $7 $body$, -- $8
      /* $9 /* nested $10 */ $11 */ x$1, $2`
    expect(shift(text)).toBe(text.replace(/\$2$/, '$12'))
  })

  it('treats case\' as a plain quote, not an escape string', () => {
    expect(shift(`SELECT case'\\' WHEN $1`)).toBe(`SELECT case'\\' WHEN $11`)
  })
})
