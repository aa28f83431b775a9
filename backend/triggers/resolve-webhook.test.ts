import { describe, expect, it } from 'vitest'
import { MissingEnvironmentVariable } from '../lib/env-template.ts'
import { resolveHeaders, resolveWebhookUrl } from './resolve-webhook.ts'

const env = { HOOK_BASE: 'http://hooks.internal:8080', HOOK_URL: 'http://from-env/hook', SECRET: 's3cret' }

describe('resolveWebhookUrl', () => {
  it('fills {{ENV}} templates of `webhook`', () => {
    expect(resolveWebhookUrl({ webhook: '{{HOOK_BASE}}/events' }, env)).toBe('http://hooks.internal:8080/events')
    expect(resolveWebhookUrl({ webhook: 'http://plain/hook' }, env)).toBe('http://plain/hook')
  })

  it('prefers `webhook_from_env` when both are set', () => {
    expect(resolveWebhookUrl({ webhook: 'http://ignored', webhook_from_env: 'HOOK_URL' }, env)).toBe('http://from-env/hook')
  })

  it('throws MissingEnvironmentVariable for an unset variable, in either form', () => {
    expect(() => resolveWebhookUrl({ webhook_from_env: 'NOPE' }, env)).toThrow(MissingEnvironmentVariable)
    expect(() => resolveWebhookUrl({ webhook: '{{NOPE}}/x' }, env)).toThrow(MissingEnvironmentVariable)
  })
})

describe('resolveHeaders', () => {
  it('reads values, or values from the environment at delivery time, in order', () => {
    expect(
      resolveHeaders([{ name: 'X-Plain', value: 'v' }, { name: 'X-Secret', value_from_env: 'SECRET' }, { name: 'X-Empty' }], env),
    ).toEqual([
      { name: 'X-Plain', value: 'v' },
      { name: 'X-Secret', value: 's3cret' },
      { name: 'X-Empty', value: '' },
    ])
    expect(resolveHeaders([{ name: 'X-Secret', value_from_env: 'SECRET' }], { SECRET: 'rotated' })).toEqual([
      { name: 'X-Secret', value: 'rotated' },
    ])
  })

  it('has no headers when none are configured, and throws for an unset variable', () => {
    expect(resolveHeaders(undefined, env)).toEqual([])
    expect(() => resolveHeaders([{ name: 'X', value_from_env: 'NOPE' }], env)).toThrow(MissingEnvironmentVariable)
  })
})
