import type { Json } from './case-format.ts'
import { fail } from './case-checks.ts'

/**
 * The backend as upstream's tests call it: admin-secret POSTs, and Hasura's `/v1/query`, which
 * the backend serves only in part, translated into what does the same.
 */
export interface HasuraClient {
  post(path: string, body: Json, headers?: Record<string, string>): Promise<{ status: number; body: Json }>
  /** A request to any endpoint, `/v1/query` translated. */
  send(endpoint: string, query: Json, headers?: Record<string, string>): Promise<{ status: number; body: Json }>
  /** `run_sql`'s rows, header row first; a failure fails the case. */
  runSqlRows(sql: string): Promise<Json[][]>
}

export function hasuraClient(url: string, adminSecret: string): HasuraClient {
  async function post(path: string, body: Json, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret, ...headers },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: Json = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // kept as text
    }
    return { status: res.status, body: parsed }
  }

  /** Hasura's /v1/query table commands, under their /v1/metadata names. */
  const V1_TABLE_COMMANDS = new Set(['track_table', 'untrack_table', 'set_table_customization'])

  /** Hasura's v1 boolean expression shorthand `{"c1": 1}` as a GraphQL `where`. */
  function whereFromV1(where: Record<string, Json>): Json {
    return Object.fromEntries(
      Object.entries(where).map(([column, value]) => [
        column,
        value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { _eq: value },
      ]),
    )
  }

  const fieldName = (table: { schema: string; name: string }) => (table.schema === 'public' ? table.name : `${table.schema}_${table.name}`)

  /**
   * The data commands of /v1/query (`insert`, `update`, `delete`), which the backend does not
   * serve, as the GraphQL mutation that does the same (upstream's MSSQL tests do the same).
   * The caller's headers go along, so session variables reach the event as in Hasura.
   */
  async function v1Data(type: string, args: Json, headers: Record<string, string>): Promise<{ status: number; body: Json }> {
    const table = typeof args.table === 'string' ? { schema: 'public', name: args.table } : args.table
    const field = fieldName(table)
    let query: string
    let variables: Json
    if (type === 'insert') {
      query = `mutation ($objects: [${field}_insert_input!]!) { insert_${field}(objects: $objects) { affected_rows } }`
      variables = { objects: args.objects }
    } else if (type === 'update') {
      query = `mutation ($where: ${field}_bool_exp!, $set: ${field}_set_input) { update_${field}(where: $where, _set: $set) { affected_rows } }`
      variables = { where: whereFromV1(args.where), set: args.$set }
    } else {
      query = `mutation ($where: ${field}_bool_exp!) { delete_${field}(where: $where) { affected_rows } }`
      variables = { where: whereFromV1(args.where) }
    }
    const res = await post('/v1/graphql', { query, variables }, headers)
    if (res.body?.errors) return { status: 400, body: res.body }
    return { status: 200, body: res.body.data[`${type}_${field}`] }
  }

  /**
   * `/v1/query` as Hasura serves it. The backend's /v1/query runs `run_sql` and `bulk` of them
   * only, so metadata commands go to /v1/metadata and data commands become GraphQL mutations; a
   * bulk is played item by item and answers the list of results, stopping at the first error.
   */
  async function v1Query(query: Json, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    if (query.type === 'bulk') {
      const results: Json[] = []
      for (const item of query.args as Json[]) {
        const res = await v1Query(item, headers)
        if (res.status !== 200) return res
        results.push(res.body)
      }
      return { status: 200, body: results }
    }
    if (query.type === 'run_sql') return post('/v2/query', query, headers)
    if (['insert', 'update', 'delete'].includes(query.type)) return v1Data(query.type, query.args, headers)
    const type = V1_TABLE_COMMANDS.has(query.type) ? `pg_${query.type}` : query.type
    return post('/v1/metadata', { ...query, type }, headers)
  }

  function send(endpoint: string, query: Json, headers?: Record<string, string>) {
    if (endpoint === '/v1/query') return v1Query(query, headers)
    return post(endpoint, query, headers)
  }

  async function runSqlRows(sql: string): Promise<Json[][]> {
    const res = await post('/v2/query', { type: 'run_sql', args: { sql } })
    if (res.status !== 200) fail(`run_sql failed: ${JSON.stringify(res.body)}`)
    return res.body.result ?? []
  }

  return { post, send, runSqlRows }
}
