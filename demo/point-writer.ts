import type { NhostClient } from '@nhost/nhost-js'
import { FetchError } from '@nhost/nhost-js/fetch'
import { DemoWritePointsDocument, type Points_Insert_Input } from '../src/gql/graphql.ts'
import type { DemoMetric } from './demo-content.ts'
import { requestGraphql } from './graphql-request.ts'

export interface PointWriterOptions {
  /** A client of its own (its session is the token's, not the demo owner's). */
  nhost: NhostClient
  personalAccessToken: string
  /** Metric ids by key, with the newest point each already has. */
  metrics: { id: string; metric: DemoMetric; lastTs: string | null }[]
  intervalMs: number
  /** Refresh the access token when it has fewer seconds than this left (nhost-js's default is 60). */
  refreshMarginSeconds: number
  log: (line: string) => void
}

export interface PointWriter {
  /** Points written so far (backfill included). */
  readonly written: number
  stop(): Promise<void>
}

const BACKFILL_STEP_SECONDS = 10
const BACKFILL_HOURS = 1

/**
 * Writes one point per metric every interval through `insert_points` over HTTP, exactly as a
 * third-party script would (SPEC §1 and §6): signed in with a personal access token, the access
 * token refreshed before it expires, and signed in again with the token if the session is lost
 * (a refresh token revoked, the server restarted on a new database). On start it fills the gap
 * since the newest stored point, up to an hour at one point per 10 s, so that a newcomer's first
 * look at the dashboard already has a history.
 */
export async function startPointWriter(options: PointWriterOptions): Promise<PointWriter> {
  const { nhost, log } = options
  let written = 0
  let stopped = false
  let inFlight: Promise<void> | null = null
  let lastFailure = ''

  async function signIn(): Promise<void> {
    await nhost.auth.signInPAT({ personalAccessToken: options.personalAccessToken })
  }

  async function send(points: Points_Insert_Input[]): Promise<number> {
    // A null session means the refresh failed and nhost-js forgot it: the token signs in again.
    if ((await nhost.refreshSession(options.refreshMarginSeconds)) === null) await signIn()
    try {
      return await insertPoints(points)
    } catch (error) {
      // Hasura answers an expired token with `invalid-jwt`; retry once on a fresh session.
      if (!(error instanceof FetchError) || !isSessionError(error)) throw error
      await signIn()
      return await insertPoints(points)
    }
  }

  async function insertPoints(points: Points_Insert_Input[]): Promise<number> {
    const data = await requestGraphql(nhost, DemoWritePointsDocument, { points })
    return data.insert_points?.affected_rows ?? 0
  }

  async function write(points: Points_Insert_Input[]): Promise<void> {
    try {
      written += await send(points)
      if (lastFailure) log(`demo: writing points again`)
      lastFailure = ''
    } catch (error) {
      // Keep going (the backend may be restarting) but say so once per distinct failure.
      const message = error instanceof Error ? error.message : String(error)
      if (message !== lastFailure) log(`demo: could not write points: ${message}`)
      lastFailure = message
    }
  }

  await signIn()
  await write(backfill(options.metrics, Date.now()))

  const tick = () => {
    if (stopped || inFlight) return
    const ts = new Date(Math.floor(Date.now() / 1000) * 1000)
    const points = options.metrics.map(({ id, metric }) => ({
      metric_id: id,
      ts: ts.toISOString(),
      value: metric.valueAt(ts.getTime(), options.intervalMs / 1000),
    }))
    inFlight = write(points).finally(() => {
      inFlight = null
    })
  }
  const timer = setInterval(tick, options.intervalMs)
  tick()

  return {
    get written() {
      return written
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await inFlight
    },
  }
}

function isSessionError(error: FetchError): boolean {
  const errors = (error.body as { errors?: { extensions?: { code?: string } }[] } | undefined)?.errors ?? []
  // `validation-failed` too: a request that lost its token runs as `public`, which has no insert_points.
  return errors.some((e) => ['invalid-jwt', 'access-denied', 'validation-failed'].includes(e.extensions?.code ?? ''))
}

/** Points every 10 s from the newest stored one (or an hour ago) up to now, for each metric. */
function backfill(metrics: PointWriterOptions['metrics'], nowMs: number): Points_Insert_Input[] {
  const stepMs = BACKFILL_STEP_SECONDS * 1000
  const earliest = nowMs - BACKFILL_HOURS * 3_600_000
  const points: Points_Insert_Input[] = []
  for (const { id, metric, lastTs } of metrics) {
    const from = Math.max(earliest, lastTs ? Date.parse(lastTs) + stepMs : earliest)
    for (let ts = Math.ceil(from / stepMs) * stepMs; ts < nowMs - stepMs; ts += stepMs) {
      points.push({ metric_id: id, ts: new Date(ts).toISOString(), value: metric.valueAt(ts, BACKFILL_STEP_SECONDS) })
    }
  }
  return points
}
