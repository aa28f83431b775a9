import { describe, expect, it } from 'vitest'
import { NamedStatements } from './named-statements.ts'

describe('NamedStatements', () => {
  it('runs a statement unnamed the first time, names it the second, then only binds it once confirmed', () => {
    const named = new NamedStatements()
    expect(named.plan('SELECT 1')).toEqual({ name: '', parse: true, closeFirst: false })
    const second = named.plan('SELECT 1')
    expect(second).toEqual({ name: 'pulseboard_1', parse: true, closeFirst: false })
    named.confirm([{ text: 'SELECT 1' }], [second])
    expect(named.plan('SELECT 1')).toEqual({ name: 'pulseboard_1', parse: false, closeFirst: false })
  })

  it('closes and parses again a name whose pipeline failed, so that a leftover statement cannot clash', () => {
    const named = new NamedStatements()
    named.plan('SELECT 1')
    expect(named.plan('SELECT 1').parse).toBe(true)
    // That pipeline failed: no confirm. Its Parse may or may not have taken effect.
    const again = named.plan('SELECT 1')
    expect(again).toEqual({ name: 'pulseboard_1', parse: true, closeFirst: true })
    named.confirm([{ text: 'SELECT 1' }], [again])
    expect(named.plan('SELECT 1')).toEqual({ name: 'pulseboard_1', parse: false, closeFirst: false })
  })

  it('closes the least recently used statement past 200, in the next pipeline', () => {
    const named = new NamedStatements()
    const prepare = (text: string) => {
      named.plan(text)
      named.confirm([{ text }], [named.plan(text)])
    }
    for (let i = 0; i < 200; i++) prepare(`SELECT ${i}`)
    expect(named.takeEvicted()).toEqual([])
    named.plan('SELECT 0') // used again: the oldest is now SELECT 1
    prepare('SELECT 200')
    expect(named.takeEvicted()).toEqual(['pulseboard_2'])
    expect(named.takeEvicted()).toEqual([])
    expect(named.plan('SELECT 0')).toEqual({ name: 'pulseboard_1', parse: false, closeFirst: false })
    expect(named.plan('SELECT 1')).toEqual({ name: '', parse: true, closeFirst: false })
  })

  it('never names a statement when disabled (a pooler that moves sessions between connections)', () => {
    const named = new NamedStatements(false)
    for (let i = 0; i < 3; i++) expect(named.plan('SELECT 1')).toEqual({ name: '', parse: true, closeFirst: false })
  })
})
