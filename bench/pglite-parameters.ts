import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../backend/db/open-database.ts'

/**
 * Values on PGlite (issue 26 item 2): the engine sends its statements with their values written in
 * as literals, prepared with `PREPARE` on their second use and run with `EXECUTE` (pglite-limits.ts,
 * prepared-statements.ts), because PGlite's `query(text, params)` parses and plans every call.
 * This measures both ways on the peers benchmark's three queries (Hasura's SQL over its dataset:
 * 20 workspaces, 2,000 metrics, 2,000,000 points), in alternating rounds on one in-memory PGlite
 * on this thread:
 *   - parameters: `query(text, values)`, PGlite's extended protocol, the statement unnamed;
 *   - literals: `runStatements`, the path GraphQL requests take.
 *
 *   npm run bench -- pglite-parameters [rounds] [runs per round]    (default 6 rounds of 200)
 *
 * The queries and the dataset come from the peers benchmark (PULSEBOARD_PEERS_BENCH_DIR, by
 * default ../shared/peers-bench beside the project).
 */
const PEERS_DIR = resolve(process.env.PULSEBOARD_PEERS_BENCH_DIR ?? join(import.meta.dirname, '../../shared/peers-bench'))

const PARAMETERS: Record<string, (string | number)[]> = {
  q1: ["md5('workspace-7')"],
  q2: ["md5('workspace-7')"],
  q3: ["md5('metric-7-42')", "'2024-01-03T11:15:00Z'"],
}

export async function benchPgliteParameters(rounds = 6, runsPerRound = 200): Promise<string[]> {
  if (!existsSync(join(PEERS_DIR, 'sql/dataset.sql'))) {
    return [`No peers benchmark at ${PEERS_DIR} (set PULSEBOARD_PEERS_BENCH_DIR): skipped.`]
  }
  const db = await openDatabase({ kind: 'memory', thread: 'main' })
  try {
    const loadStarted = performance.now()
    // PGlite runs a script as one transaction, where VACUUM may not run: ANALYZE alone instead.
    const dataset = readFileSync(join(PEERS_DIR, 'sql/dataset.sql'), 'utf8').replace(/^VACUUM \(ANALYZE\)/m, 'ANALYZE')
    await db.script(dataset)
    const loadSeconds = (performance.now() - loadStarted) / 1000
    const lines = [
      `PGlite in memory on this thread; the peers dataset loaded in ${loadSeconds.toFixed(0)} s; ${rounds} alternating rounds of ${runsPerRound} sequential runs per way; load average ${loadavg()[0]!.toFixed(1)} at the start.`,
      '',
      '| query | parameters, µs per run | literals + PREPARE/EXECUTE, µs per run | parameters / literals |',
      '|---|---|---|---|',
    ]
    for (const [name, expressions] of Object.entries(PARAMETERS)) {
      const text = readFileSync(join(PEERS_DIR, `queries/${name}.sql`), 'utf8')
      // The values as Hasura binds them: text, resolved by Postgres from their casts.
      const { rows } = await db.query<Record<string, string>>(`SELECT ${expressions.map((e, i) => `(${e})::text AS v${i}`).join(', ')}`)
      const values = Object.values(rows[0]!)
      const parameters = async () => {
        await db.query(text, values)
      }
      const literals = async () => {
        await db.limited({ timeoutMs: 60_000 }, (limited) => limited.runStatements([{ text, values }]))
      }
      // Same answer both ways, and each warmed (the literal path prepares on its second run).
      const [viaParameters] = (await db.query<{ root: unknown }>(text, values)).rows
      const viaLiterals = await db.limited({ timeoutMs: 60_000 }, (limited) => limited.runStatements([{ text, values }]))
      if (JSON.stringify(viaParameters!.root) !== JSON.stringify(JSON.parse(viaLiterals[0]![0]!))) {
        throw new Error(`${name}: the two paths answered differently`)
      }
      for (let i = 0; i < 20; i++) await literals()
      const spent = { parameters: 0, literals: 0 }
      for (let round = 0; round < rounds; round++) {
        for (const [way, run] of round % 2 === 0
          ? ([
              ['parameters', parameters],
              ['literals', literals],
            ] as const)
          : ([
              ['literals', literals],
              ['parameters', parameters],
            ] as const)) {
          const started = performance.now()
          for (let i = 0; i < runsPerRound; i++) await run()
          spent[way] += performance.now() - started
        }
      }
      const perRun = (ms: number) => (ms * 1000) / (rounds * runsPerRound)
      lines.push(
        `| ${name} | ${perRun(spent.parameters).toFixed(0)} | ${perRun(spent.literals).toFixed(0)} | ${(spent.parameters / spent.literals).toFixed(2)} |`,
      )
    }
    lines.push('', `Load average ${loadavg()[0]!.toFixed(1)} at the end.`)
    return lines
  } finally {
    await db.close()
  }
}
