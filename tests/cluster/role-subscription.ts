import { createClient } from 'graphql-ws'
import WebSocket from 'ws'
import { ADMIN_SECRET } from './backend-process.ts'

export interface RoleSubscription {
  /** How the socket closed (its code) and when (`performance.now()`); it is never reopened. Rejects after `ms`. */
  closedWithin(ms: number): Promise<{ code: number; at: number }>
  dispose(): Promise<void>
}

/**
 * A subscription on one instance as `role` (the admin secret with x-hasura-role), opened once:
 * resolves after its first result, so the instance has planned it under its current metadata.
 */
export async function subscribeAs(baseUrl: string, role: string, query: string): Promise<RoleSubscription> {
  let onClosed!: (close: { code: number; at: number }) => void
  const closed = new Promise<{ code: number; at: number }>((done) => (onClosed = done))
  const client = createClient({
    url: `${baseUrl.replace('http', 'ws')}/v1/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { headers: { 'x-hasura-admin-secret': ADMIN_SECRET, 'x-hasura-role': role } },
    on: { closed: (event) => onClosed({ code: (event as { code: number }).code, at: performance.now() }) },
  })
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no first result from ${baseUrl}`)), 20_000)
    client.subscribe(
      { query },
      {
        next: (result) => {
          clearTimeout(timer)
          if (result.errors) fail(new Error(JSON.stringify(result.errors)))
          else done()
        },
        error: (error) => {
          clearTimeout(timer)
          fail(error instanceof Error ? error : new Error(JSON.stringify(error)))
        },
        complete: () => {},
      },
    )
  })
  return {
    closedWithin: (ms) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`${baseUrl} kept its subscription open ${ms} ms`)), ms)
      })
      return Promise.race([closed, late]).finally(() => clearTimeout(timer))
    },
    dispose: () => client.dispose() as Promise<void>,
  }
}
