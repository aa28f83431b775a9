import { describe, expect, it } from 'vitest'
import { createRedirectValidator, withQuery } from './redirect-to.ts'

const isAllowed = createRedirectValidator('http://localhost:3000', [
  'https://app.example.com/callback',
  'https://*.example.org',
  'myapp://auth',
  'https://exact.example.net/only/*',
])

describe('createRedirectValidator (Nhost redirectTo rules)', () => {
  it.each([
    ['the client URL', 'http://localhost:3000', true],
    ['a path below the client URL', 'http://localhost:3000/reset-password?x=1#top', true],
    ['the client URL with its default port', 'http://localhost:3000/', true],
    ['another port', 'http://localhost:3001/', false],
    ['an allowed URL and a path below it', 'https://app.example.com/callback/welcome', true],
    ['a sibling path', 'https://app.example.com/other', false],
    ['a subdomain matched by *', 'https://preview-42.example.org/x', true],
    ['* stops at a dot', 'https://a.b.example.org/x', false],
    ['the default https port written out', 'https://preview.example.org:443/', true],
    ['/* allows one level below', 'https://exact.example.net/only/one', true],
    ['a look-alike host', 'https://app.example.com.evil.net/callback', false],
    ['a scheme-relative URL', '//evil.example/callback', false],
    ['a backslash trick', 'https:/\\evil.example', false],
    ['credentials in the URL', 'https://user:pw@app.example.com/callback', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['not a URL', 'not a url', false],
  ])('%s', (_, url, expected) => {
    expect(isAllowed(url)).toBe(expected)
  })
})

describe('withQuery', () => {
  it('adds parameters and keeps the ones there', () => {
    expect(withQuery('https://app.example.com/cb?lang=en', { refreshToken: 'a b', type: 'verifyEmail' })).toBe(
      'https://app.example.com/cb?lang=en&refreshToken=a+b&type=verifyEmail',
    )
  })
})
