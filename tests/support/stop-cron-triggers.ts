import { expect, vi } from 'vitest'

/**
 * Takes cron triggers of the project's metadata out of a running backend, for tests that call the
 * triggers' functions themselves and count what each call does: a scheduled run between a test's
 * write and its call would do the work first. Waits for runs in flight, then drops every pending
 * one-off event: the project's only ones are the runs evaluate-alerts fans out to, 10 s apart.
 */
export async function stopCronTriggers(backend: { url: string; adminSecret: string }, names: readonly string[]): Promise<void> {
  const adminPost = async (path: string, body: unknown) => {
    const r = await fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.adminSecret },
      body: JSON.stringify(body),
    })
    const answer = (await r.json()) as { result?: string[][] }
    expect(r.status, JSON.stringify(answer)).toBe(200)
    return answer
  }
  const sql = (text: string) => adminPost('/v2/query', { type: 'run_sql', args: { sql: text } })
  const noneLocked = (table: string) =>
    vi.waitFor(
      async () => {
        const answer = await sql(`SELECT count(*) FROM hdb_catalog.${table} WHERE status = 'locked'`)
        expect(Number(answer.result![1]![0])).toBe(0)
      },
      { timeout: 60_000, interval: 200 },
    )
  for (const name of names) await adminPost('/v1/metadata', { type: 'delete_cron_trigger', args: { name } })
  await noneLocked('hdb_cron_events')
  await sql("DELETE FROM hdb_catalog.hdb_scheduled_events WHERE status = 'scheduled'")
  await noneLocked('hdb_scheduled_events')
}
