import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts'
import { ident, sql } from '../lib/sql.ts'
import type { Database, LimitedDatabase } from './database.ts'
import { isPostgresError } from './database.ts'

describe(`database adapter (${testDatabaseKind})`, () => {
  let db: Database & { dispose: () => Promise<void> }
  beforeAll(async () => {
    db = await openTestDatabase()
  })
  afterAll(() => db.dispose())

  it('binds parameters and returns the same JS values on both adapters', async () => {
    const result = await db.query(sql`select ${42}::int4 as i, ${'9007199254740993'}::int8 as big,
      1.25::numeric as n, 2.5::float8 as f, true as b, '{"a":[1]}'::jsonb as j,
      '2024-01-02T03:04:05Z'::timestamptz as ts, array[1,2]::int[] as arr, null::text as nothing`)
    expect(result.rows).toEqual([
      {
        i: 42,
        big: '9007199254740993',
        n: '1.25',
        f: 2.5,
        b: true,
        j: { a: [1] },
        ts: '2024-01-02 03:04:05+00',
        arr: '{1,2}',
        nothing: null,
      },
    ])
    expect(result.fields.map((f) => f.name)).toEqual(['i', 'big', 'n', 'f', 'b', 'j', 'ts', 'arr', 'nothing'])
  })

  it('sends values as the text Postgres reads for their type, as node-postgres does, and a refused one fails alone', async () => {
    const cast = async (type: string, value: unknown) => {
      try {
        return (await db.query<{ v: string }>(`select ($1::${type})::text as v`, [value])).rows[0]!.v
      } catch (error) {
        return (error as { code?: string }).code
      }
    }
    expect(await cast('int4[]', [1, null, 3])).toBe('{1,NULL,3}')
    expect(await cast('text[]', ['a"b', 'c\\d', null])).toBe('{"a\\"b","c\\\\d",NULL}')
    expect(await cast('bool', true)).toBe('true')
    expect(await cast('jsonb', { a: [1] })).toBe('{"a": [1]}')
    expect(await cast('bytea', Buffer.from('hi'))).toBe('\\x6869')
    expect(await cast('timestamptz', new Date(0))).toBe('1970-01-01 00:00:00+00')
    // Postgres' own errors for values its types refuse; PGlite's serializers threw instead, and
    // broke the protocol exchange for the statements after.
    expect(await cast('int4[]', 5)).toBe('22P02')
    expect(await cast('bool', 5)).toBe('22P02')
    expect(await cast('date', 1_700_000_000)).toBe('22008')
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('counts the rows a SELECT returns and the rows a write changes', async () => {
    expect((await db.query('select 1 union all select 2')).rowCount).toBe(2)
    expect((await db.query('select 1 where false')).rowCount).toBe(0)
    const [, selected] = await db.script('create temp table counted as select generate_series(1, 3) as n; select * from counted')
    expect(selected!.rowCount).toBe(3)
    expect((await db.query('update counted set n = n + 1 where n > 1')).rowCount).toBe(2)
  })

  it('never splices a hostile string into the statement', async () => {
    const hostile = `'); drop table x; --`
    const { rows } = await db.query<{ v: string }>(sql`select ${hostile}::text as v`)
    expect(rows[0]!.v).toBe(hostile)
    const { rows: quoted } = await db.query(sql`select 1 as ${ident('we"ird')}`)
    expect(quoted).toEqual([{ 'we"ird': 1 }])
  })

  it('runs multi-statement scripts with DO blocks and dollar quotes, values as text', async () => {
    const results = await db.script(`
      create table script_t (id serial primary key, v numeric);
      do $$ begin insert into script_t (v) values (1.5); end $$;
      create function script_f() returns int language sql as $$ select 7 $$;
      select id, v, script_f() as f, null::text as n from script_t;`)
    const last = results.at(-1)!
    expect(last.fields.map((f) => f.name)).toEqual(['id', 'v', 'f', 'n'])
    expect(last.rows).toEqual([['1', '1.5', '7', null]])
  })

  it('runs a limited statement again and again with values as text, hostile or NUL-bearing ones included', async () => {
    const text = 'select $1::text as a, ($2::int + 1)::text as b, $3::text as c, json_build_object($1::text, $2::int) as j'
    const hostile = `'); drop table x; --\\`
    const run = (limited: LimitedDatabase, values: unknown[]) => limited.runStatements([{ text, values }])
    const runs = await db.limited({ timeoutMs: 5_000 }, async (limited) => [
      await run(limited, ['x', '1', null]),
      await run(limited, [hostile, 41, 'y']),
      await run(limited, ['z', '2', 'y']),
    ])
    expect(runs).toEqual([
      [['x', '2', null, '{"x" : 1}']],
      [[hostile, '42', 'y', `{${JSON.stringify(hostile)} : 41}`]],
      [['z', '3', 'y', '{"z" : 2}']],
    ])
    await expect(db.limited({ timeoutMs: 5_000 }, (limited) => run(limited, ['a\0b', 1, null]))).rejects.toThrow()
  })

  it('runs statements in order in one transaction, whole or not at all, and stays usable after a failure', async () => {
    await db.query('create table pipeline_t (v int primary key)')
    const setting = { text: "select set_config('pulseboard.test', $1, true)", values: ['one'] }
    const insert = (v: number) => ({
      text: "insert into pipeline_t (v) values ($1::int) returning v::text || current_setting('pulseboard.test') as r",
      values: [v],
    })
    const runs: unknown[] = []
    // Enough runs of each shape to take both statements through unnamed, named and prepared.
    for (const v of [1, 2, 3, 4])
      runs.push(await db.limited({ timeoutMs: 5_000 }, (limited) => limited.runStatements([setting, insert(v)])))
    expect(runs).toEqual([[['1one']], [['2one']], [['3one']], [['4one']]])
    // A duplicate key fails the second statement: the first is rolled back with it, each time.
    for (let i = 0; i < 3; i++) {
      await expect(db.limited({ timeoutMs: 5_000 }, (limited) => limited.runStatements([insert(10 + i), insert(1)]))).rejects.toSatisfy(
        (e) => isPostgresError(e) && e.code === '23505',
      )
    }
    const failedFirst = { text: 'insert into pipeline_t (v) values ($1::int) returning 1/0', values: [20] }
    for (let i = 0; i < 3; i++) {
      await expect(db.limited({ timeoutMs: 5_000 }, (limited) => limited.runStatements([failedFirst]))).rejects.toSatisfy(
        (e) => isPostgresError(e) && e.code === '22012',
      )
    }
    expect(await db.limited({ timeoutMs: 5_000 }, (limited) => limited.runStatements([setting, insert(5)]))).toEqual([['5one']])
    const { rows } = await db.query<{ v: number }>('select v from pipeline_t order by v')
    expect(rows.map((r) => r.v)).toEqual([1, 2, 3, 4, 5])
    // Outside the statements' transaction the setting is gone.
    const after = await db.limited({ timeoutMs: 5_000 }, (limited) =>
      limited.runStatements([{ text: "select coalesce(current_setting('pulseboard.test', true), '') as s", values: [] }]),
    )
    expect(after).toEqual([['']])
  })

  // PGlite prepares with SQL's PREPARE (prepared-statements.test.ts covers it).
  it.runIf(testDatabaseKind === 'postgres')(
    'keeps at most 200 statements prepared on a connection, closing the least recently used',
    async () => {
      const prepared = await db.limited({ timeoutMs: 30_000 }, async (limited) => {
        for (let i = 0; i < 205; i++) {
          const statement = { text: `select ${i} as n`, values: [] }
          await limited.runStatements([statement])
          await limited.runStatements([statement])
        }
        await limited.runStatements([{ text: 'select 1', values: [] }]) // the last eviction's Close goes with it
        return limited.runStatements([
          {
            text: "select count(*)::text, count(*) filter (where statement like 'select 0 %')::text from pg_prepared_statements",
            values: [],
          },
        ])
      })
      expect(prepared).toEqual([['200', '0']])
    },
  )

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.query('create table tx_t (v int primary key)')
    await db.transaction(async (tx) => {
      await tx.query('insert into tx_t values (1)')
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_t values (2)')
        await tx.query('insert into tx_t values (1)')
      }),
    ).rejects.toSatisfy((e) => isPostgresError(e) && e.code === '23505')
    const { rows } = await db.query('select v from tx_t order by v')
    expect(rows).toEqual([{ v: 1 }])
  })

  it('delivers NOTIFY payloads to listeners until they unlisten', async () => {
    const received: string[] = []
    const unlisten = await db.listen('adapter_test', (payload) => received.push(payload))
    await db.query(sql`select pg_notify('adapter_test', ${'hello'})`)
    await expect.poll(() => received).toEqual(['hello'])
    await unlisten()
    await db.query(sql`select pg_notify('adapter_test', ${'again'})`)
    await new Promise((r) => setTimeout(r, 100))
    expect(received).toEqual(['hello'])
  })

  // PGlite's one connection lives in this process and cannot be lost.
  it.runIf(testDatabaseKind === 'postgres')('listens again after the listening connection is lost, and says so', async () => {
    const received: string[] = []
    let reconnects = 0
    const unlisten = await db.listen(
      'adapter_reconnect',
      (payload) => received.push(payload),
      () => reconnects++,
    )
    const { rows } = await db.query<{ killed: boolean }>(`select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`)
    expect(rows.map((r) => r.killed)).toEqual([true])
    await expect.poll(() => reconnects, { timeout: 10_000 }).toBe(1)
    await db.query(sql`select pg_notify('adapter_reconnect', ${'after'})`)
    await expect.poll(() => received).toEqual(['after'])
    await unlisten()
  })

  it('provides the contrib extensions the project and Hasura tests need', async () => {
    await db.script(`create extension if not exists citext; create extension if not exists pgcrypto;
      create extension if not exists ltree; create extension if not exists "uuid-ossp";`)
    const { rows } = await db.query(`select 'A'::citext = 'a' as ci, 'a.b.c'::ltree <@ 'a'::ltree as tree,
      length(gen_random_uuid()::text) as g, length(uuid_generate_v4()::text) as u`)
    expect(rows).toEqual([{ ci: true, tree: true, g: 36, u: 36 }])
  })
})
