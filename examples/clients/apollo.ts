/**
 * Apollo Client from a Node script, with a signed-in user's access token (the JWT that Nhost
 * Auth's sign-in answers with, `session.accessToken`): queries and mutations over HTTP,
 * subscriptions over graphql-ws.
 */
import { ApolloClient, ApolloLink, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { getMainDefinition } from '@apollo/client/utilities'
import { createClient as createWsClient } from 'graphql-ws'
import WebSocket from 'ws'

const url = process.env.PULSEBOARD_URL ?? 'http://127.0.0.1:1337'
const headers = { Authorization: `Bearer ${process.env.PULSEBOARD_ACCESS_TOKEN}` }

const socket = createWsClient({ url: `${url.replace(/^http/, 'ws')}/graphql/v1`, webSocketImpl: WebSocket, connectionParams: { headers } })
const client = new ApolloClient({
  cache: new InMemoryCache(),
  // Subscriptions to the WebSocket, everything else to HTTP (queries with GET, if you like).
  link: ApolloLink.split(
    ({ query }) => {
      const definition = getMainDefinition(query)
      return definition.kind === 'OperationDefinition' && definition.operation === 'subscription'
    },
    new GraphQLWsLink(socket),
    new HttpLink({ uri: `${url}/graphql/v1`, headers, useGETForQueries: true }),
  ),
})

const created = await client.mutate({
  mutation: gql`
    mutation CreateWorkspace($name: String!, $slug: String!) {
      insert_workspaces(objects: [{ name: $name, slug: $slug }]) {
        affected_rows
      }
    }
  `,
  variables: { name: 'Apollo lab', slug: 'apollo-lab' },
})
console.log('mutation:', JSON.stringify(created.data))

const { data } = await client.query({
  query: gql`
    query Workspace($slug: String!) {
      workspaces(where: { slug: { _eq: $slug } }) {
        name
        members {
          role
        }
      }
    }
  `,
  variables: { slug: 'apollo-lab' },
})
console.log('query:', JSON.stringify(data))

// The first result of a live query, then unsubscribe.
await new Promise<void>((resolve, reject) => {
  const subscription = client
    .subscribe({
      query: gql`
        subscription Workspaces {
          workspaces(where: { slug: { _eq: "apollo-lab" } }) {
            slug
          }
        }
      `,
    })
    .subscribe({
      next: (result) => {
        console.log('subscription:', JSON.stringify(result.data))
        subscription.unsubscribe()
        resolve()
      },
      error: reject,
    })
})

client.stop()
await socket.dispose()
