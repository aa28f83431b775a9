import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts'
import type { Database } from './database.ts'

/**
 * The engine's statements reach PGlite with their values written into the text as literals
 * (`sqlLiterals`/`inlineLiterals`, then `PREPARE`/`EXECUTE`), and PostgreSQL as bound parameters.
 * Both must mean the same thing: for random values of every scalar type, hostile strings among
 * them, `runStatements` (the path requests take, run twice so that the second run executes the
 * prepared statement) gives the same rows, or the same SQLSTATE, as `query` with bound parameters.
 */

/** A small seeded generator (mulberry32): a failure names its seed and replays. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Characters that mean something to SQL's lexer, to literals, to arrays, to JSON or to the inliner. */
const PIECES = [
  "'",
  "''",
  '"',
  '\\',
  '\\\\',
  '$',
  '$1',
  '$2',
  '$$',
  'E',
  "E'",
  ';',
  '--',
  '/*',
  '*/',
  '\n',
  '\r',
  '\t',
  ' ',
  '{',
  '}',
  ',',
  '[',
  ']',
  ':',
  'NULL',
  'null',
  'true',
  '1',
  '-',
  '.',
  'e',
  'é',
  '😀',
  '\u2028',
  '\u00a0',
  'a',
  'Z',
  '0x10',
  '1e400',
  'NaN',
  '-0',
  '2024-02-29',
  'T',
  '00:00:00Z',
  '+14:00',
  '{"a":',
  '}',
  'U&"',
  '\\x00',
]

function randomString(next: () => number): string {
  const length = Math.floor(next() * 8)
  let text = ''
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)]
  return text
}

/** Values as the engine binds them: strings (most inputs), numbers, booleans and null. */
function randomValue(next: () => number): unknown {
  const pick = next()
  if (pick < 0.5) return randomString(next)
  if (pick < 0.6) return Math.floor((next() - 0.5) * 2 ** 40)
  if (pick < 0.7) return (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20)
  if (pick < 0.75) return [0, -0, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE][Math.floor(next() * 6)]
  if (pick < 0.8) return next() < 0.5
  if (pick < 0.85) return null
  // Well-formed values of the types below, so that not every comparison is of two errors.
  return [
    '2024-02-29T12:34:56.789+05:30',
    '{"k": ["v", 1, null, {"n": "it\'s \\"q\\""}]}',
    '{a,"b c","d\\"e",NULL}',
    '{1,2,-3}',
    '8f3c6a1e-4b2d-4c5e-9f70-123456789abc',
    '12345678901234567890.0123456789',
    '1 day 02:03:04',
    'Infinity',
  ][Math.floor(next() * 8)]
}

/** Statement shapes: typed casts, untyped contexts Postgres resolves, and quoted text holding `$n`. */
const STATEMENTS = [
  ...[
    'text',
    'varchar',
    'int4',
    'int8',
    'numeric',
    'float8',
    'bool',
    'uuid',
    'date',
    'timestamptz',
    'interval',
    'jsonb',
    'json',
    'text[]',
    'int4[]',
    'bytea',
  ].map((type) => `SELECT ($1::${type})::text AS v`),
  'SELECT $1 = $2 AS same, coalesce($1, $2) AS first',
  `SELECT '$1 '' $2' AS "quoted $1 "" ident", $1::text AS a, $2::text AS b`,
  `SELECT jsonb_build_object('k', $1::text, 'n', $2::text)::text AS j`,
  'SELECT length($1::text) AS n, $2::text || $1::text AS joined',
  `SELECT v FROM unnest(ARRAY[$1::text, $2::text]) AS t(v) WHERE v LIKE '%' || $1::text || '%'`,
]

interface Outcome {
  rows?: unknown
  error?: string
}

async function settle(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { rows: await run() }
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) }
  }
}

describe(`values in the engine's statements: literals on PGlite, parameters on a server (${testDatabaseKind})`, () => {
  let db: Database & { dispose: () => Promise<void> }
  beforeAll(async () => {
    db = await openTestDatabase()
  }, 180_000)
  afterAll(() => db.dispose())

  it('gives the rows or the SQLSTATE bound parameters give, for 400 random values in every statement shape', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261126)
    const next = random(seed)
    const mismatches: unknown[] = []
    for (let round = 0; round < 200; round++) {
      const shape = STATEMENTS[round % STATEMENTS.length]!
      // One text column either way: each row as JSON, as Postgres writes it.
      const text = `SELECT row_to_json(s)::text AS row FROM (${shape}) AS s`
      const values = [randomValue(next), randomValue(next)].slice(0, text.includes('$2') ? 2 : 1)
      // A NUL cannot be a parameter either (the protocol's strings end at it): not a value to compare.
      if (values.some((value) => typeof value === 'string' && value.includes('\0'))) continue
      const bound = await settle(async () => {
        const result = await db.query<{ row: string }>(text, [...values])
        return result.rows.map((row) => [row.row])
      })
      for (const pass of ['first run', 'prepared run']) {
        const engine = await settle(() => db.limited({ timeoutMs: 10_000 }, (limited) => limited.runStatements([{ text, values }])))
        if (JSON.stringify(engine) !== JSON.stringify(bound)) mismatches.push({ seed, round, pass, text, values, bound, engine })
      }
    }
    expect(mismatches).toEqual([])
  }, 180_000)
})
