/**
 * Copy-ready code for the operation in the explorer, as a third-party client runs it: with a
 * personal access token (Account → Personal access tokens) traded for a 15-minute access token
 * at the Auth service's `/signin/pat`, then GraphQL over HTTP, or over WebSocket (graphql-ws)
 * for a subscription. Plus the ingest API's curl, which takes a workspace ingest key instead.
 */

export interface SnippetTarget {
  /** Absolute service base URLs, as the app's own configuration has them (src/lib/env.ts). */
  authUrl: string
  graphqlUrl: string
  graphqlWsUrl: string
  functionsUrl: string
}

export interface SnippetOperation {
  query: string
  /** The variables editor's text: a JSON object, or empty. */
  variables: string
  kind: 'query' | 'mutation' | 'subscription'
}

export type SnippetName = 'curl' | 'graphql-request' | 'urql' | 'apollo' | 'ingest'

export const SNIPPET_LABELS: Record<SnippetName, string> = {
  curl: 'curl',
  'graphql-request': 'graphql-request',
  urql: 'urql',
  apollo: 'Apollo Client',
  ingest: 'Ingest API (curl)',
}

const PAT_NOTE = 'A personal access token from Account → Personal access tokens, in PULSEBOARD_PAT. It signs in as you (role user).'
const EXPIRY_NOTE = 'The access token lasts 15 minutes (accessTokenExpiresIn): trade the personal access token again after.'

export function snippet(name: SnippetName, target: SnippetTarget, operation: SnippetOperation): string {
  switch (name) {
    case 'curl':
      return curlSnippet(target, operation)
    case 'graphql-request':
      return graphqlRequestSnippet(target, operation)
    case 'urql':
      return urqlSnippet(target, operation)
    case 'apollo':
      return apolloSnippet(target, operation)
    case 'ingest':
      return ingestSnippet(target)
  }
}

/** The variables as a JS/JSON literal, `{}` when the editor is empty or not valid JSON yet. */
function variablesLiteral(variables: string): string {
  try {
    const parsed: unknown = variables.trim() ? JSON.parse(variables) : {}
    return JSON.stringify(parsed && typeof parsed === 'object' ? parsed : {})
  } catch {
    return '{}'
  }
}

/** Single-quoted for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/** A JS template literal holding the document (GraphQL has no backticks outside descriptions). */
const templateLiteral = (text: string) =>
  '`\n' + text.trim().replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${') + '\n`'

function curlSnippet(target: SnippetTarget, operation: SnippetOperation): string {
  if (operation.kind === 'subscription') {
    return [
      '# curl speaks HTTP only; a subscription runs over WebSocket (graphql-ws protocol):',
      '# see the urql or Apollo Client snippet, or run a query instead.',
    ].join('\n')
  }
  const body = JSON.stringify({ query: operation.query.trim(), variables: JSON.parse(variablesLiteral(operation.variables)) as unknown })
  return [
    `# ${PAT_NOTE}`,
    `# ${EXPIRY_NOTE}`,
    `ACCESS_TOKEN=$(curl -s ${shellQuote(`${target.authUrl}/signin/pat`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d "{\\"personalAccessToken\\": \\"$PULSEBOARD_PAT\\"}" | jq -r .session.accessToken)`,
    '',
    `curl -s ${shellQuote(target.graphqlUrl)} \\`,
    `  -H "Authorization: Bearer $ACCESS_TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n')
}

/** Every JavaScript snippet starts by trading the personal access token for a session. */
function signInLines(target: SnippetTarget): string[] {
  return [
    `// ${PAT_NOTE}`,
    `// ${EXPIRY_NOTE}`,
    `const response = await fetch('${target.authUrl}/signin/pat', {`,
    `  method: 'POST',`,
    `  headers: { 'Content-Type': 'application/json' },`,
    `  body: JSON.stringify({ personalAccessToken: process.env.PULSEBOARD_PAT }),`,
    `})`,
    `const { session } = await response.json()`,
    `const authorization = \`Bearer \${session.accessToken}\``,
  ]
}

/** graphql-ws in Node before 22 needs a WebSocket implementation; browsers and Node 22+ have one. */
const WS_NOTE = "// Node 20: npm install ws, then pass webSocketImpl: WebSocket (import WebSocket from 'ws') to createClient."

function graphqlRequestSnippet(target: SnippetTarget, operation: SnippetOperation): string {
  if (operation.kind === 'subscription') {
    return [
      '// graphql-request speaks HTTP only; a subscription runs over WebSocket (graphql-ws protocol):',
      '// see the urql or Apollo Client snippet, or run a query instead.',
    ].join('\n')
  }
  return [
    "import { GraphQLClient } from 'graphql-request'",
    '',
    ...signInLines(target),
    '',
    `const client = new GraphQLClient('${target.graphqlUrl}', { headers: { Authorization: authorization } })`,
    `const document = ${templateLiteral(operation.query)}`,
    `const data = await client.request(document, ${variablesLiteral(operation.variables)})`,
    'console.log(data)',
  ].join('\n')
}

function urqlSnippet(target: SnippetTarget, operation: SnippetOperation): string {
  const document = `const document = ${templateLiteral(operation.query)}`
  const variables = variablesLiteral(operation.variables)
  if (operation.kind === 'subscription') {
    return [
      "import { Client, cacheExchange, fetchExchange, subscriptionExchange } from '@urql/core'",
      "import { createClient } from 'graphql-ws'",
      '',
      ...signInLines(target),
      '',
      WS_NOTE,
      `const ws = createClient({ url: '${target.graphqlWsUrl}', connectionParams: { headers: { Authorization: authorization } } })`,
      'const client = new Client({',
      `  url: '${target.graphqlUrl}',`,
      '  exchanges: [',
      '    cacheExchange,',
      '    fetchExchange,',
      '    subscriptionExchange({',
      '      forwardSubscription: (request) => ({',
      "        subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),",
      '      }),',
      '    }),',
      '  ],',
      '})',
      document,
      `client.subscription(document, ${variables}).subscribe((result) => console.log(result.data ?? result.error))`,
    ].join('\n')
  }
  const call = operation.kind === 'mutation' ? 'mutation' : 'query'
  return [
    "import { Client, cacheExchange, fetchExchange } from '@urql/core'",
    '',
    ...signInLines(target),
    '',
    'const client = new Client({',
    `  url: '${target.graphqlUrl}',`,
    '  exchanges: [cacheExchange, fetchExchange],',
    '  fetchOptions: { headers: { Authorization: authorization } },',
    '})',
    document,
    `const result = await client.${call}(document, ${variables}).toPromise()`,
    'console.log(result.data ?? result.error)',
  ].join('\n')
}

function apolloSnippet(target: SnippetTarget, operation: SnippetOperation): string {
  const document = `const document = gql${templateLiteral(operation.query)}`
  const variables = variablesLiteral(operation.variables)
  if (operation.kind === 'subscription') {
    return [
      "import { ApolloClient, InMemoryCache, gql } from '@apollo/client'",
      "import { GraphQLWsLink } from '@apollo/client/link/subscriptions'",
      "import { createClient } from 'graphql-ws'",
      '',
      ...signInLines(target),
      '',
      WS_NOTE,
      `const ws = createClient({ url: '${target.graphqlWsUrl}', connectionParams: { headers: { Authorization: authorization } } })`,
      'const client = new ApolloClient({ link: new GraphQLWsLink(ws), cache: new InMemoryCache() })',
      document,
      `client.subscribe({ query: document, variables: ${variables} }).subscribe(({ data }) => console.log(data))`,
    ].join('\n')
  }
  const call =
    operation.kind === 'mutation'
      ? `const { data } = await client.mutate({ mutation: document, variables: ${variables} })`
      : `const { data } = await client.query({ query: document, variables: ${variables} })`
  return [
    "import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client'",
    '',
    ...signInLines(target),
    '',
    'const client = new ApolloClient({',
    `  link: new HttpLink({ uri: '${target.graphqlUrl}', headers: { Authorization: authorization } }),`,
    '  cache: new InMemoryCache(),',
    '})',
    document,
    call,
    'console.log(data)',
  ].join('\n')
}

/** The ingest function takes a workspace's ingest key, not a session (docs/api.md, `POST /ingest`). */
function ingestSnippet(target: SnippetTarget): string {
  // The explorer belongs to no workspace, so the metric comes from the shell as the key does: a
  // made-up metric key would be refused (422) when pasted.
  const body = JSON.stringify({ points: [{ metric: '$PULSEBOARD_METRIC', ts: new Date().toISOString(), value: 1 }] })
  return [
    "# An ingest key from a workspace's Settings → Ingest keys (owners create them), in PULSEBOARD_INGEST_KEY,",
    "# and the key of one of that workspace's metrics (its Metrics page) in PULSEBOARD_METRIC. At most 5,000 points a request.",
    `curl -X POST ${shellQuote(`${target.functionsUrl}/ingest`)} \\`,
    '  -H "Authorization: Bearer $PULSEBOARD_INGEST_KEY" \\',
    "  -H 'Content-Type: application/json' \\",
    `  -d "${body.replaceAll('"', '\\"')}"`,
  ].join('\n')
}
