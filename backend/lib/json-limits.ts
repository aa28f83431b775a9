/**
 * The deepest a JSON value in a request may nest (objects and arrays alike) before any service
 * puts it into a statement: sign-up and anonymous sign-in metadata, personal access token
 * metadata, GraphQL variables. Postgres' own `jsonb` parser recurses once per level, and on PGlite
 * that recursion overflows WebAssembly's stack long before Postgres' `max_stack_depth` notices
 * (a 2,000-level sign-up metadata once hung the database, issue 22); 64 levels is far more than
 * any metadata needs. Sizes are bounded by each route's body limit.
 */
export const MAX_JSON_DEPTH = 64

/** Whether `root` nests objects and arrays deeper than `limit`; iterative, so any depth is measured safely. */
export function jsonNestsDeeperThan(root: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number]
    if (typeof value !== 'object' || value === null) continue
    if (depth + 1 > limit) return true
    for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push([item, depth + 1])
  }
  return false
}
