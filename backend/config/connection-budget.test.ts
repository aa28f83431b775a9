import { describe, expect, it } from 'vitest'
import { connectionBudget, connectionBudgetReport, connectionsInAll } from './connection-budget.ts'

describe('connectionBudget', () => {
  it('keeps Hasura’s 50 GraphQL connections plus 10 for the services without a total', () => {
    expect(connectionBudget(undefined, undefined)).toEqual({ graphqlConnections: 50, serviceConnections: 10 })
    expect(connectionBudget(undefined, 20)).toEqual({ graphqlConnections: 20, serviceConnections: 10 })
  })

  it('splits a total between the services (a fifth, 2 to 10) and GraphQL, never past it', () => {
    expect(connectionBudget(60, undefined)).toEqual({ graphqlConnections: 50, serviceConnections: 10 })
    expect(connectionBudget(20, undefined)).toEqual({ graphqlConnections: 16, serviceConnections: 4 })
    expect(connectionBudget(3, undefined)).toEqual({ graphqlConnections: 1, serviceConnections: 2 })
    expect(connectionBudget(30, 10)).toEqual({ graphqlConnections: 10, serviceConnections: 6 })
    for (const total of [3, 7, 25, 100, 400]) expect(connectionsInAll(connectionBudget(total, undefined))).toBe(total)
  })

  it('refuses a total too small, or a GraphQL share that does not fit in it', () => {
    expect(() => connectionBudget(2, undefined)).toThrow(/PULSEBOARD_PG_CONNECTIONS: must be at least 3/)
    expect(() => connectionBudget(20, 18)).toThrow(/HASURA_GRAPHQL_PG_CONNECTIONS: 18 GraphQL connections plus the services' 4 exceed/)
  })
})

describe('connectionBudgetReport', () => {
  it('says how many instances the server holds', () => {
    expect(connectionBudgetReport({ max: 800, reserved: 3 }, 60, 2)).toEqual({
      warn: false,
      message: 'PostgreSQL: max_connections 800 (797 usable) holds 13 instances of 60 connections (PULSEBOARD_PG_CONNECTIONS); 2 running',
    })
  })

  it('warns, naming the setting and a value that fits, when the instances running need more', () => {
    const report = connectionBudgetReport({ max: 100, reserved: 3 }, 60, 3)
    expect(report.warn).toBe(true)
    expect(report.message).toBe(
      'PostgreSQL: max_connections 100 (97 usable) holds 1 instance of 60 connections (PULSEBOARD_PG_CONNECTIONS), but 3 instances may need 180: ' +
        'past 97 PostgreSQL refuses connections. Set PULSEBOARD_PG_CONNECTIONS to 32 or less on every instance, or raise max_connections.',
    )
  })
})
