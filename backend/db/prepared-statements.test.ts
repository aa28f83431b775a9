import { describe, expect, it } from 'vitest'
import { PreparedStatements } from './prepared-statements.ts'

const SET = "SELECT set_config('x', 'y', true);\n"

describe('PreparedStatements', () => {
  it('inlines a statement the first time, prepares it the second, then only executes it', () => {
    const statements = new PreparedStatements()
    const text = 'SELECT $1::int + $2::int AS root'
    expect(statements.run(text, ["'1'", "'2'"], SET)).toEqual({ script: `${SET}SELECT '1'::int + '2'::int AS root` })
    const second = statements.run(text, ["'3'", 'NULL'], SET)
    expect(second.prepare?.text).toBe(`PREPARE pulseboard_1 AS ${text}`)
    expect(second.script).toBe(`${SET}EXECUTE pulseboard_1('3', NULL)`)
    second.prepare?.onPrepared()
    expect(statements.run(text, ["'4'", "'5'"])).toEqual({ script: `EXECUTE pulseboard_1('4', '5')` })
    expect(statements.run('SELECT 1 AS root', [])).toEqual({ script: 'SELECT 1 AS root' })
  })

  it('keeps a statement unprepared until Postgres has accepted its PREPARE', () => {
    const statements = new PreparedStatements()
    statements.run('SELECT 1', [])
    expect(statements.run('SELECT 1', []).prepare).toBeDefined()
    // The PREPARE failed (onPrepared never called): the next run prepares again, under a new name.
    expect(statements.run('SELECT 1', []).prepare?.text).toBe('PREPARE pulseboard_2 AS SELECT 1')
  })

  it('deallocates the least recently used statement past 200', () => {
    const statements = new PreparedStatements()
    const prepare = (text: string) => {
      statements.run(text, [])
      const run = statements.run(text, [])
      run.prepare?.onPrepared()
      return run
    }
    for (let i = 0; i < 200; i++) prepare(`SELECT ${i}`)
    statements.run('SELECT 0', []) // used again: the oldest is now SELECT 1
    expect(prepare('SELECT 200').prepare?.text).toBe('DEALLOCATE pulseboard_2;\nPREPARE pulseboard_201 AS SELECT 200')
    expect(statements.run('SELECT 0', []).script).toBe('EXECUTE pulseboard_1')
  })
})
