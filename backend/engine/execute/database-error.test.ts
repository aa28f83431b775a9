import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database.ts'
import { openTestDatabase } from '../../../tests/support/test-database.ts'
import { engineErrorFromDatabase } from './database-error.ts'

/**
 * Errors raised by the database itself (PGlite, or PostgreSQL with TEST_DATABASE_URL), each mapped
 * to the Hasura code that says whose problem it is, with Postgres' message: `unexpected` only for
 * what a bug explains (issue 15 item 4).
 */
let db: Database & { dispose: () => Promise<void> }
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => {
  await db.dispose()
})

async function failureOf(statement: string): Promise<unknown> {
  try {
    await db.query(statement)
  } catch (error) {
    return error
  }
  throw new Error(`${statement} did not fail`)
}

const raised = (sqlstate: string, message: string) => `DO $$ BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${sqlstate}'; END $$`

describe('Postgres errors as Hasura codes', () => {
  it.each([
    [
      'a subquery returning two rows (21000)',
      'SELECT (SELECT generate_series(1, 2))',
      'bad-request',
      'more than one row returned by a subquery used as an expression',
    ],
    [
      'a select list past 1664 entries (54011)',
      `SELECT ${Array.from({ length: 1700 }, (_, i) => `${i}`).join(', ')}`,
      'bad-request',
      'target lists can have at most 1664 entries',
    ],
    [
      'a function that raises (P0001; its text is for admins, in internal)',
      "DO $$ BEGIN RAISE EXCEPTION 'workspace is archived'; END $$",
      'postgres-error',
      'database query error',
    ],
    [
      'too many connections (53300)',
      raised('53300', 'sorry, too many clients already'),
      'postgres-max-connections-error',
      'sorry, too many clients already',
    ],
    ['out of memory (53200)', raised('53200', 'out of memory'), 'postgres-error', 'out of memory'],
    ['a lock not available (55P03)', raised('55P03', 'could not obtain lock on row'), 'concurrent-update', 'could not obtain lock on row'],
    [
      'an administrator shutdown (57P01)',
      raised('57P01', 'terminating connection due to administrator command'),
      'postgres-error',
      'terminating connection due to administrator command',
    ],
    ['a connection failure (08006)', raised('08006', 'connection failure'), 'postgres-error', 'connection failure'],
    [
      'a read-only transaction (25006)',
      raised('25006', 'cannot execute INSERT in a read-only transaction'),
      'postgres-error',
      'cannot execute INSERT in a read-only transaction',
    ],
    ['a feature not supported (0A000)', raised('0A000', 'not supported here'), 'not-supported', 'not supported here'],
    [
      'a check option violation (44000)',
      raised('44000', 'new row violates check option'),
      'permission-error',
      'new row violates check option',
    ],
    ['an I/O error (58030; it names server files)', raised('58030', 'could not read block'), 'postgres-error', 'database query error'],
  ])('%s', async (_name, statement, code, message) => {
    const error = engineErrorFromDatabase(await failureOf(statement))
    expect({ code: error.code, message: error.message }).toEqual({ code, message })
  })

  it('keeps unexpected for what a bug explains: internal errors and statements prepared wrongly', async () => {
    expect(engineErrorFromDatabase(await failureOf(raised('XX000', 'cache lookup failed'))).code).toBe('unexpected')
    expect(engineErrorFromDatabase(await failureOf(raised('26000', 'prepared statement "s1" does not exist'))).code).toBe('unexpected')
    expect(engineErrorFromDatabase(new TypeError('x is undefined')).code).toBe('unexpected')
  })

  it('answers a lost connection as a postgres-error, not a bug', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(engineErrorFromDatabase(refused)).toMatchObject({ code: 'postgres-error', message: 'connection error' })
    expect(engineErrorFromDatabase(new Error('Connection terminated unexpectedly'))).toMatchObject({ code: 'postgres-error' })
  })
})
