import { ADMIN_SECRET } from './backend-process.ts'

async function post(url: string, body: unknown): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  const json: unknown = await response.json()
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** `/v2/query` run_sql through one instance. */
export const runSql = (baseUrl: string, sql: string) => post(`${baseUrl}/v2/query`, { type: 'run_sql', args: { source: 'default', sql } })

/** `/v1/metadata` through one instance. */
export const metadata = (baseUrl: string, body: unknown) => post(`${baseUrl}/v1/metadata`, body)

/** A table whose inserts an event trigger posts to `webhook`. */
export async function tableWithEventTrigger(baseUrl: string, table: string, webhook: string): Promise<void> {
  await runSql(baseUrl, `CREATE TABLE public.${table} (id serial PRIMARY KEY, n int NOT NULL)`)
  await metadata(baseUrl, { type: 'pg_track_table', args: { source: 'default', table: { schema: 'public', name: table } } })
  await metadata(baseUrl, {
    type: 'pg_create_event_trigger',
    args: { source: 'default', name: `${table}_inserted`, table: { schema: 'public', name: table }, webhook, insert: { columns: '*' } },
  })
}
