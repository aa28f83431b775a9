/** Hasura's default HASURA_GRAPHQL_GRACEFUL_SHUTDOWN_TIMEOUT: deliveries in flight get 60 s to finish. */
const GRACEFUL_SHUTDOWN_SECONDS = 60

/** How long a stopping backend lets event, cron and scheduled deliveries in flight finish, in ms. */
export function shutdownGraceMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.HASURA_GRAPHQL_GRACEFUL_SHUTDOWN_TIMEOUT ?? GRACEFUL_SHUTDOWN_SECONDS)
  return (Number.isInteger(value) && value >= 0 ? value : GRACEFUL_SHUTDOWN_SECONDS) * 1000
}
