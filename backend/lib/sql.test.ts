import { describe, expect, it } from 'vitest'
import { compile, empty, ident, inlineLiterals, join, literal, raw, sql, sqlLiterals, type SqlFragment } from './sql.ts'

describe('sql', () => {
  it('binds every interpolated value as a parameter, in order, across nested fragments', () => {
    const where = sql`${ident('t', 'name')} = ${"O'Brien"}`
    expect(compile(sql`select ${ident('id')} from ${ident('public', 'users')} as t where ${where} and age > ${30}`)).toEqual({
      text: 'select "id" from "public"."users" as t where "t"."name" = $1 and age > $2',
      values: ["O'Brien", 30],
    })
  })

  it('quotes identifiers by doubling quotes and refuses empty names and NUL', () => {
    expect(compile(ident('we"ird')).text).toBe('"we""ird"')
    expect(() => ident('')).toThrow(/invalid SQL identifier/)
    expect(() => ident('a\0b')).toThrow(/invalid SQL identifier/)
  })

  it('writes literals with doubled single quotes', () => {
    expect(compile(literal("it's")).text).toBe("'it''s'")
    expect(() => literal('\0')).toThrow(/NUL/)
  })

  it('joins fragments and keeps empty and raw fragments as given', () => {
    const compiled = compile(sql`select ${join([sql`${1}`, raw('now()'), sql`${'x'}`])}${empty}`)
    expect(compiled).toEqual({ text: 'select $1, now(), $2', values: [1, 'x'] })
  })

  it('puts the fragment a placeholder returns in place of a value, and numbers the others', () => {
    const slot = { slot: 'a' }
    const compiled = compile(sql`select ${slot}::int, ${2}, ${slot}::int, ${3}`, (value) =>
      value === slot ? sql`row.${raw('a')}` : undefined,
    )
    expect(compiled).toEqual({ text: 'select row.a::int, $1, row.a::int, $2', values: [2, 3] })
  })
})

describe('sqlLiterals and inlineLiterals', () => {
  const inline = (fragment: SqlFragment) => {
    const { text, values } = compile(fragment)
    const literals = sqlLiterals(values)
    return literals && inlineLiterals(text, literals)
  }

  it('writes each value as an untyped literal where its parameter was, leaving quoted text alone', () => {
    expect(inline(sql`SELECT ${'a'}::text, ${literal('$1 stays')} AS ${ident('$2 too')}, ${5}, ${null}, ${true}`)).toBe(
      `SELECT 'a'::text, '$1 stays' AS "$2 too", '5', NULL, 'true'`,
    )
  })

  it('doubles quotes and writes backslashes in an E string, so that hostile text stays one literal', () => {
    expect(inline(sql`SELECT ${"it's"}, ${"\\'; DROP TABLE x; --"}`)).toBe(`SELECT 'it''s', E'\\\\''; DROP TABLE x; --'`)
  })

  it('refuses values a literal cannot carry: NUL ends the message early, other types have no text form here', () => {
    expect(sqlLiterals(['a\0b'])).toBeNull()
    expect(sqlLiterals([{ a: 1 }])).toBeNull()
  })
})
