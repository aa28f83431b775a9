import { ConfigError } from './config-error.ts'

/** Connections of every service but GraphQL (auth, storage, triggers, metadata) when the budget allows. */
const SERVICE_CONNECTIONS = 10
/** The fewest the services can work with: the LISTEN connection and one for statements. */
const MIN_SERVICE_CONNECTIONS = 2
/** Hasura's HASURA_GRAPHQL_PG_CONNECTIONS default. */
const DEFAULT_GRAPHQL_CONNECTIONS = 50

/** How an instance's PostgreSQL connections are shared out; their sum is all it ever opens. */
export interface ConnectionBudget {
  /** GraphQL requests' own pool (HASURA_GRAPHQL_PG_CONNECTIONS). */
  graphqlConnections: number
  /** Everything else, including the one LISTEN connection and statement cancels. */
  serviceConnections: number
}

/**
 * Splits `total` (PULSEBOARD_PG_CONNECTIONS) between GraphQL and the other services: the services
 * get a fifth, between 2 and 10, GraphQL the rest, unless `graphql` (HASURA_GRAPHQL_PG_CONNECTIONS)
 * fixes its share, which must then fit. Without a total, GraphQL's share plus 10.
 */
export function connectionBudget(total: number | undefined, graphql: number | undefined): ConnectionBudget {
  if (total === undefined) return { graphqlConnections: graphql ?? DEFAULT_GRAPHQL_CONNECTIONS, serviceConnections: SERVICE_CONNECTIONS }
  const serviceConnections = Math.min(SERVICE_CONNECTIONS, Math.max(MIN_SERVICE_CONNECTIONS, Math.floor(total / 5)))
  if (total < serviceConnections + 1) {
    throw new ConfigError('PULSEBOARD_PG_CONNECTIONS', `must be at least ${MIN_SERVICE_CONNECTIONS + 1} (LISTEN, the services, GraphQL)`)
  }
  if (graphql !== undefined && graphql + serviceConnections > total) {
    throw new ConfigError(
      'HASURA_GRAPHQL_PG_CONNECTIONS',
      `${graphql} GraphQL connections plus the services' ${serviceConnections} exceed PULSEBOARD_PG_CONNECTIONS (${total})`,
    )
  }
  return { graphqlConnections: graphql ?? total - serviceConnections, serviceConnections }
}

/** All the connections an instance may open. */
export const connectionsInAll = (budget: ConnectionBudget) => budget.graphqlConnections + budget.serviceConnections

export interface ServerConnections {
  /** PostgreSQL's max_connections. */
  max: number
  /** Kept for superusers and roles granted them (superuser_reserved_connections + reserved_connections). */
  reserved: number
}

/**
 * What start says about the budget: how many instances of `perInstance` connections the server
 * holds, and a warning naming the setting when the `instances` running (this one included) need
 * more than it allows: PostgreSQL would refuse the connections past it at the busiest moment.
 */
export function connectionBudgetReport(
  server: ServerConnections,
  perInstance: number,
  instances: number,
): { warn: boolean; message: string } {
  const usable = server.max - server.reserved
  const holds = Math.floor(usable / perInstance)
  const needed = instances * perInstance
  const base = `PostgreSQL: max_connections ${server.max} (${usable} usable) holds ${holds} instance${holds === 1 ? '' : 's'} of ${perInstance} connections (PULSEBOARD_PG_CONNECTIONS)`
  if (needed <= usable) return { warn: false, message: `${base}; ${instances} running` }
  const fitting = Math.max(1, Math.floor(usable / instances))
  return {
    warn: true,
    message:
      `${base}, but ${instances} instance${instances === 1 ? '' : 's'} may need ${needed}: past ${usable} PostgreSQL refuses connections. ` +
      `Set PULSEBOARD_PG_CONNECTIONS to ${fitting} or less on every instance, or raise max_connections.`,
  }
}
