import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { snippet, type SnippetOperation } from './snippets.ts'

const target = {
  authUrl: 'http://127.0.0.1:1337/auth/v1',
  graphqlUrl: 'http://127.0.0.1:1337/graphql/v1',
  graphqlWsUrl: 'ws://127.0.0.1:1337/graphql/v1',
  functionsUrl: 'http://127.0.0.1:1337/functions/v1',
}
const query: SnippetOperation = {
  query: 'query Mine($name: String!) { workspaces(where: { name: { _eq: $name } }) { slug } }',
  variables: '{"name": "Bob\'s lab"}',
  kind: 'query',
}

describe('snippet', () => {
  it('curl: trades the personal access token, then posts the operation as the shell reads it', () => {
    const curl = snippet('curl', target, query)
    expect(curl).toContain(`curl -s '${target.authUrl}/signin/pat'`)
    expect(curl).toContain('Account → Personal access tokens')
    // The shell's reading of the -d argument is the JSON body, quote included.
    const lastArgument = curl.slice(curl.lastIndexOf('  -d ') + 5)
    const body = execFileSync('sh', ['-c', `printf %s ${lastArgument}`], { encoding: 'utf8' })
    expect(JSON.parse(body)).toEqual({ query: query.query, variables: { name: "Bob's lab" } })
  })

  it('JavaScript clients: sign in with the token, then call with the operation and its variables', () => {
    for (const name of ['graphql-request', 'urql', 'apollo'] as const) {
      const code = snippet(name, target, query)
      expect(code).toContain(`fetch('${target.authUrl}/signin/pat'`)
      expect(code).toContain('process.env.PULSEBOARD_PAT')
      expect(code).toContain('workspaces(where: { name: { _eq: $name } })')
      expect(code).toContain(`{"name":"Bob's lab"}`)
    }
    expect(snippet('apollo', target, { ...query, kind: 'mutation' })).toContain('client.mutate({ mutation: document')
    expect(snippet('urql', target, { ...query, kind: 'mutation' })).toContain('client.mutation(document')
  })

  it('subscriptions go over graphql-ws with the token in the connection params', () => {
    const subscription: SnippetOperation = { query: 'subscription { workspaces { slug } }', variables: '', kind: 'subscription' }
    for (const name of ['urql', 'apollo'] as const) {
      const code = snippet(name, target, subscription)
      expect(code).toContain(
        `createClient({ url: '${target.graphqlWsUrl}', connectionParams: { headers: { Authorization: authorization } } })`,
      )
    }
    expect(snippet('curl', target, subscription)).toContain('WebSocket')
    expect(snippet('graphql-request', target, subscription)).toContain('WebSocket')
  })

  it('variables that are not JSON yet become {}', () => {
    expect(snippet('apollo', target, { ...query, variables: '{"name": ' })).toContain('variables: {} })')
  })

  it('ingest: posts points with an ingest key to the ingest function', () => {
    const ingest = snippet('ingest', target, query)
    expect(ingest).toContain(`curl -X POST '${target.functionsUrl}/ingest'`)
    expect(ingest).toContain('Authorization: Bearer $PULSEBOARD_INGEST_KEY')
    expect(ingest).toContain('Settings → Ingest keys')
  })

  it('ingest: takes the metric from the shell, so that the body a shell builds names it', () => {
    const curl = snippet('ingest', target, query)
    const body = /-d (".*")$/m.exec(curl)![1]!
    // The -d argument as a POSIX shell expands it, with the variable the comment asks for set.
    const expanded = execFileSync('sh', ['-c', `PULSEBOARD_METRIC=greenhouse.temp_c; printf '%s' ${body}`], { encoding: 'utf8' })
    expect(JSON.parse(expanded)).toEqual({ points: [{ metric: 'greenhouse.temp_c', ts: expect.any(String), value: 1 }] })
  })
})
