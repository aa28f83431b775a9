import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('puts every service on the page origin by default', () => {
    expect(parseEnv({}, 'http://localhost:1337')).toEqual({
      authUrl: 'http://localhost:1337/auth/v1',
      graphqlUrl: 'http://localhost:1337/graphql/v1',
      graphqlWsUrl: 'ws://localhost:1337/graphql/v1',
      storageUrl: 'http://localhost:1337/storage/v1',
      functionsUrl: 'http://localhost:1337/functions/v1',
      target: 'same-origin',
    })
    expect(parseEnv({ VITE_NHOST_SUBDOMAIN: ' ', VITE_NHOST_REGION: '' }, 'https://pb.example.com').graphqlWsUrl).toBe(
      'wss://pb.example.com/graphql/v1',
    )
  })

  it('uses Nhost Cloud hosts with a subdomain and a region', () => {
    const env = parseEnv({ VITE_NHOST_SUBDOMAIN: 'abcdefgh', VITE_NHOST_REGION: 'eu-central-1' }, 'http://localhost:1337')
    expect(env.authUrl).toBe('https://abcdefgh.auth.eu-central-1.nhost.run/v1')
    expect(env.graphqlUrl).toBe('https://abcdefgh.graphql.eu-central-1.nhost.run/v1')
    expect(env.graphqlWsUrl).toBe('wss://abcdefgh.graphql.eu-central-1.nhost.run/v1')
    expect(env.target).toBe('nhost-cloud')
  })

  it('fails loudly on half a configuration', () => {
    expect(() => parseEnv({ VITE_NHOST_SUBDOMAIN: 'abcdefgh' }, 'http://x')).toThrow(/both VITE_NHOST_SUBDOMAIN and VITE_NHOST_REGION/)
    expect(() => parseEnv({ VITE_NHOST_SUBDOMAIN: 'a/b', VITE_NHOST_REGION: 'eu' }, 'http://x')).toThrow(/a-z, 0-9/)
  })
})
