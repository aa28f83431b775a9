/**
 * A sliding-window limit: at most `limit` requests per `intervalMs` from one client, counted as
 * Nhost Auth and Hasura count (`middleware/ratelimit/sliding_window.go`). The counting itself is
 * in the database, shared by every instance (db/shared-sliding-window.ts).
 */
export interface RateLimitSetting {
  limit: number
  intervalMs: number
}
