/**
 * urql from a Node script, signed in with a personal access token. With its defaults urql sends
 * queries with GET and mutations with POST; subscriptions go over graphql-ws.
 */
import { cacheExchange, Client, fetchExchange, subscriptionExchange } from '@urql/core'
import { createClient as createWsClient } from 'graphql-ws'
import WebSocket from 'ws'

const url = process.env.PULSEBOARD_URL ?? 'http://127.0.0.1:1337'

// Trade the personal access token for a session; its accessToken is a JWT for 15 minutes.
const signIn = await fetch(`${url}/auth/v1/signin/pat`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ personalAccessToken: process.env.PULSEBOARD_PAT }),
})
const { session } = (await signIn.json()) as { session: { accessToken: string } }
const headers = { Authorization: `Bearer ${session.accessToken}` }

const socket = createWsClient({ url: `${url.replace(/^http/, 'ws')}/graphql/v1`, webSocketImpl: WebSocket, connectionParams: { headers } })
const client = new Client({
  url: `${url}/graphql/v1`,
  fetchOptions: { headers },
  exchanges: [
    cacheExchange,
    fetchExchange,
    subscriptionExchange({
      forwardSubscription: (request) => ({
        subscribe: (sink) => ({ unsubscribe: socket.subscribe({ ...request, query: request.query ?? '' }, sink) }),
      }),
    }),
  ],
})

// A query (sent with GET).
const mine = await client.query('query { workspaces(order_by: {slug: asc}) { slug } }', {}).toPromise()
console.log('query:', JSON.stringify(mine.data))

// A subscription: the user's workspaces now, and again after every change, until urql-lab is there.
const live = new Promise<void>((resolve) => {
  const { unsubscribe } = client.subscription('subscription { workspaces(order_by: {slug: asc}) { slug } }', {}).subscribe(({ data }) => {
    console.log('subscription:', JSON.stringify(data))
    if (data.workspaces.some((w: { slug: string }) => w.slug === 'urql-lab')) {
      unsubscribe()
      resolve()
    }
  })
})

// A mutation (sent with POST).
const created = await client
  .mutation('mutation ($name: String!, $slug: String!) { insert_workspaces(objects: [{name: $name, slug: $slug}]) { affected_rows } }', {
    name: 'urql lab',
    slug: 'urql-lab',
  })
  .toPromise()
console.log('mutation:', JSON.stringify(created.data))

await live
await socket.dispose()
