/**
 * graphql-request from a server-side script: with the admin secret (every row, every table; keep
 * it on servers), and as one user by adding `x-hasura-role` and `x-hasura-user-id` to it.
 */
import { gql, GraphQLClient } from 'graphql-request'

const url = process.env.PULSEBOARD_URL ?? 'http://127.0.0.1:1337'
const admin = new GraphQLClient(`${url}/graphql/v1`, {
  headers: { 'x-hasura-admin-secret': process.env.PULSEBOARD_ADMIN_SECRET ?? '' },
})

const users = await admin.request<{ users: { id: string; email: string }[] }>(
  gql`
    query UserByEmail($email: email!) {
      users(where: { email: { _eq: $email } }) {
        id
        email
      }
    }
  `,
  { email: process.env.PULSEBOARD_EMAIL },
)
console.log('admin:', JSON.stringify(users))

// The same client acting as that user: the user role's permissions apply.
const asUser = await admin.request(
  gql`
    query MyWorkspaces {
      workspaces(order_by: { slug: asc }) {
        slug
      }
    }
  `,
  {},
  { 'x-hasura-role': 'user', 'x-hasura-user-id': users.users[0]?.id ?? '' },
)
console.log('as user:', JSON.stringify(asUser))
