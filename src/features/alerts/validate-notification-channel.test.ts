import { describe, expect, it } from 'vitest'
import { validateNotificationChannel } from './validate-notification-channel.ts'

const email = (recipients: string) => validateNotificationChannel({ name: 'Team', kind: 'email', recipients, url: '' })
const webhook = (url: string) => validateNotificationChannel({ name: 'Team', kind: 'webhook', recipients: '', url })

describe('validateNotificationChannel', () => {
  it('takes 1 to 10 comma-separated addresses', () => {
    expect(email('a@example.com')).toEqual({})
    expect(email(' a@example.com ,b@example.org ')).toEqual({})
    expect(email('').recipients).toBeDefined()
    expect(email('a@example').recipients).toBeDefined()
    expect(email('a@example.com b@example.com').recipients).toBeDefined()
    expect(email(Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(',')).recipients).toBeDefined()
  })

  it('takes http and https URLs only', () => {
    expect(webhook('https://hooks.slack.com/services/T/B/x')).toEqual({})
    expect(webhook('http://127.0.0.1:9000/hook')).toEqual({})
    expect(webhook('ftp://example.com').url).toBeDefined()
    expect(webhook('javascript:alert(1)').url).toBeDefined()
    expect(webhook(`https://example.com/${'a'.repeat(2000)}`).url).toBeDefined()
  })

  it('needs a name of 1 to 80 characters', () => {
    expect(validateNotificationChannel({ name: '  ', kind: 'webhook', recipients: '', url: 'https://x.io' }).name).toBeDefined()
    expect(validateNotificationChannel({ name: 'x'.repeat(81), kind: 'webhook', recipients: '', url: 'https://x.io' }).name).toBeDefined()
  })
})
