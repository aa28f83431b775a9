import { Cron } from 'croner'
import { bind, type ClassState, type Json, type Step } from './case-format.ts'
import { at, CaseFailure, checkEvent, checkHeaders, checkResponse, expectEqual, fail } from './case-checks.ts'
import type { EventReceiver, ReceivedEvent } from './event-receiver.ts'
import type { HasuraClient } from './hasura-client.ts'

/** One step of a case (the table in README.md): a request, an expected delivery, a wait, a check. */

/** What the steps act on: the backend and the two webhook receivers. */
export interface StepContext {
  client: HasuraClient
  events: EventReceiver
  scheduled: EventReceiver
}

/** The next `count` times of a cron schedule after `from`, as croniter's `get_next`, minute precision. */
function cronTimes(schedule: string, from: Date, count: number): string[] {
  return new Cron(schedule, { timezone: 'UTC', paused: true }).nextRuns(count, from).map((d) => d.toISOString().slice(0, 16))
}

const seconds = (s: number | undefined, fallback: number) => (s ?? fallback) * 1000

export async function runStep(step: Step, state: ClassState, run: StepContext): Promise<void> {
  const { client, events, scheduled } = run
  const receiverOf = (step: Step) => (step.receiver === 'scheduled' ? scheduled : events)
  switch (step.do) {
    case 'query': {
      const res = await client.send(step.endpoint ?? '/v1/query', bind(step.query, state), step.headers)
      return checkResponse(step, res, state)
    }
    case 'graphql': {
      const res = await client.post('/v1/graphql', { query: step.query, variables: step.variables }, step.headers)
      if (res.status !== 200 || res.body?.errors) fail(`GraphQL failed: ${JSON.stringify(res.body)}`)
      return
    }
    case 'event': {
      const event = await receiverOf(step).next(seconds(step.timeout, 3))
      if (!event) fail(`no event within ${step.timeout ?? 3} s (expected ${step.op} of ${step.trigger})`)
      return checkEvent(event, step, state)
    }
    case 'no_event': {
      const event = await receiverOf(step).next(seconds(step.timeout, 3))
      if (event) fail(`expected no event, got ${event.body?.event?.op ?? ''} ${JSON.stringify(event.body).slice(0, 300)} at ${event.path}`)
      return
    }
    case 'sleep':
      await new Promise((r) => setTimeout(r, seconds(step.seconds, 0)))
      return
    case 'receive': {
      // Several events that may arrive in any order: taken one by one, then sorted.
      const started = Date.now()
      const got: ReceivedEvent[] = []
      for (let i = 0; i < step.count; i++) {
        const event = await receiverOf(step).next(seconds(step.timeout, 3))
        if (!event) fail(`received ${got.length} of ${step.count} events`)
        got.push(event)
      }
      const elapsed = (Date.now() - started) / 1000
      if (step.max_seconds !== undefined && elapsed >= step.max_seconds)
        fail(`took ${elapsed.toFixed(1)} s, expected under ${step.max_seconds} s`)
      if (step.sort_by) got.sort((a, b) => String(at(a, step.sort_by)).localeCompare(String(at(b, step.sort_by))))
      for (const [i, expect] of ((step.expect ?? []) as Json[]).entries()) {
        const event = got[i]!
        if (expect.path !== undefined && event.path !== expect.path) fail(`event ${i} went to ${event.path}, expected ${expect.path}`)
        checkHeaders(event, expect.headers)
        for (const [key, value] of Object.entries(expect.body ?? {}))
          expectEqual(`event ${i} body.${key}`, event.body?.[key], bind(value, state))
        for (const key of (expect.body_keys ?? []) as string[]) if (!(key in (event.body ?? {}))) fail(`event ${i} body lacks "${key}"`)
        if (expect.body_from_sql) {
          const { key, sql, suffix } = expect.body_from_sql
          const rows = await client.runSqlRows(sql)
          expectEqual(`event ${i} body.${key}`, event.body?.[key], `${rows[1]?.[0]}${suffix ?? ''}`)
        }
      }
      if (step.collect) {
        const values = got.map((e) => at(e, step.collect.path)).sort((a, b) => Number(a) - Number(b))
        const [from, to] = step.collect.range as [number, number]
        expectEqual(
          'collected values',
          values,
          Array.from({ length: to - from + 1 }, (_, i) => from + i),
        )
      }
      return
    }
    case 'sql': {
      const rows = await client.runSqlRows(step.sql)
      if (step.cell)
        return expectEqual(
          `row ${step.cell[0]}, column ${step.cell[1]} of ${step.sql.trim().split('\n')[0]}…`,
          rows[step.cell[0]]?.[step.cell[1]],
          step.equals,
        )
      return expectEqual(`result of ${step.sql.trim().split('\n')[0]}`, rows, bind(step.result, state))
    }
    case 'cron_events': {
      const from = step.from === 'now' ? new Date() : state.startedAt
      const expected = cronTimes(bind(step.schedule, state), from, step.count)
      const rows = await client.runSqlRows(
        `select to_char(scheduled_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') from hdb_catalog.hdb_cron_events where trigger_name = '${step.trigger}' order by scheduled_time asc`,
      )
      return expectEqual(
        `scheduled times of ${step.trigger}`,
        rows.slice(1).map((r) => r[0]),
        expected,
      )
    }
    case 'blocked':
      if (events.blockedCount !== step.count) fail(`${events.blockedCount} webhook requests held on /block, expected ${step.count}`)
      return
    case 'unblock':
      events.unblock()
      return
    case 'until': {
      // upstream `until_asserts_pass`: the group is tried again until it passes or time runs out.
      const deadline = Date.now() + seconds(step.timeout, 30)
      for (;;) {
        try {
          for (const inner of step.steps as Step[]) await runStep(inner, state, run)
          return
        } catch (error) {
          if (!(error instanceof CaseFailure) || Date.now() > deadline) throw error
          await new Promise((r) => setTimeout(r, 250))
        }
      }
    }
    default:
      throw new Error(`unknown step ${step.do}`)
  }
}
