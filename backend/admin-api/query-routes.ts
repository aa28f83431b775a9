import { Hono, type Context } from 'hono'
import type { BackendContext } from '../context/backend-context.ts'
import { AdminApiError, answer } from './admin-api-error.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import { readAdminRequest } from './read-admin-request.ts'
import { readRunSqlArgs, runSql } from './run-sql.ts'

/**
 * `POST /v2/query` (https://hasura.io/docs/2.0/api-reference/schema-api/run-sql/) and the older
 * `POST /v1/query`, for the two request types tools use them for: `run_sql` and `bulk`. The data
 * types (`select`, `insert`, `count`, …) are answered as unknown types.
 */
export function queryRoutes(context: BackendContext): Hono {
  const app = new Hono()
  const handler = (c: Context) =>
    answer(c, async () => {
      const query = readQuery(await readAdminRequest(c))
      return query(context)
    })
  app.post('/v2/query', handler)
  app.post('/v1/query', handler)
  return app
}

type Query = (context: BackendContext) => Promise<unknown>

const QUERY_TYPES = ['run_sql', 'bulk']

/** Parses the whole request first, as Hasura does, so that a bad item in a bulk runs nothing. */
function readQuery(node: JsonNode): Query {
  node.object()
  const type = node.required('type', (n) => n.string())
  const args = node.required('args', (n) => n)
  if (type === 'run_sql') {
    const parsed = readRunSqlArgs(args)
    return (context) => runSql(context, parsed)
  }
  if (type === 'bulk') {
    const queries = args.list(readQuery, 'expected a list of queries')
    return async (context) => {
      const results: unknown[] = []
      for (const [i, query] of queries.entries()) {
        try {
          results.push(await query(context))
        } catch (error) {
          // Hasura's `indexedMapM`: an error in the third query is at `$[2]`; earlier ones stay done.
          throw error instanceof AdminApiError ? error.under(i) : error
        }
      }
      return results
    }
  }
  return node.key('type').fail(`expected one of ${QUERY_TYPES.map((t) => JSON.stringify(t)).join(', ')}, but found "${type}"`)
}
