/**
 * The generated documents with graphql-request, signed in with a personal access token: the
 * variables and the answers are typed from the schema.
 */
import { GraphQLClient } from 'graphql-request'
import { CreateWorkspaceDocument, MyWorkspacesDocument } from './gql/graphql.ts'

const url = process.env.PULSEBOARD_URL ?? 'http://127.0.0.1:1337'
const signIn = await fetch(`${url}/auth/v1/signin/pat`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ personalAccessToken: process.env.PULSEBOARD_PAT }),
})
const { session } = (await signIn.json()) as { session: { accessToken: string } }
const client = new GraphQLClient(`${url}/graphql/v1`, { headers: { Authorization: `Bearer ${session.accessToken}` } })

const created = await client.request(CreateWorkspaceDocument, { name: 'Codegen lab', slug: 'codegen-lab' })
console.log('mutation:', created.insert_workspaces?.affected_rows)
const { workspaces } = await client.request(MyWorkspacesDocument)
console.log('query:', JSON.stringify(workspaces.map((w) => w.slug)))
