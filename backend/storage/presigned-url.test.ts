import { describe, expect, it } from 'vitest'
import { PresignedUrls } from './presigned-url.ts'
import { StorageError } from './storage-error.ts'

const fileId = '5f0e6c9a-1f7b-4a57-9d1c-0a8b3e3f6d21'
const now = Date.parse('2026-03-10T12:00:00Z')

function query(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text))
}

function refusal(call: () => void): string {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).status).toBe(403)
    return (error as StorageError).message
  }
  throw new Error('accepted')
}

describe('PresignedUrls', () => {
  const urls = new PresignedUrls('admin-secret')

  it('signs an expiry in whole seconds and accepts its own signature until then, inclusive', () => {
    const signed = query(urls.sign(fileId, 60, now))
    expect(signed.expires).toBe(String(now / 1000 + 60))
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(() => urls.verify(fileId, signed, now)).not.toThrow()
    expect(() => urls.verify(fileId, signed, now + 60_999)).not.toThrow()
  })

  it('refuses an expired URL', () => {
    const signed = query(urls.sign(fileId, 60, now))
    expect(refusal(() => urls.verify(fileId, signed, now + 61_000))).toBe('signature already expired')
  })

  it('refuses a signature moved to another file, a later expiry, or another key', () => {
    const signed = query(urls.sign(fileId, 60, now))
    expect(refusal(() => urls.verify('0d6b0a3e-9a55-4f0e-8a51-3c1f8a7a2b10', signed, now))).toBe('signature does not match')
    expect(refusal(() => urls.verify(fileId, { ...signed, expires: String(Number(signed.expires) + 3600) }, now))).toBe(
      'signature does not match',
    )
    const otherKey = new PresignedUrls('another-secret')
    expect(refusal(() => otherKey.verify(fileId, signed, now))).toBe('signature does not match')
  })

  it('refuses a forged signature of the right shape', () => {
    const signed = query(urls.sign(fileId, 60, now))
    const flipped = (signed.signature![0] === 'A' ? 'B' : 'A') + signed.signature!.slice(1)
    expect(refusal(() => urls.verify(fileId, { ...signed, signature: flipped }, now))).toBe('signature does not match')
  })

  it('refuses missing or malformed parameters before comparing', () => {
    const signed = query(urls.sign(fileId, 60, now))
    expect(refusal(() => urls.verify(fileId, {}, now))).toBe('invalid or missing signature')
    expect(refusal(() => urls.verify(fileId, { signature: signed.signature! }, now))).toBe('invalid or missing signature')
    expect(refusal(() => urls.verify(fileId, { ...signed, expires: '1.5' }, now))).toBe('invalid or missing signature')
    // One character short, and one too many: a length mismatch must not reach timingSafeEqual, which throws.
    expect(refusal(() => urls.verify(fileId, { ...signed, signature: signed.signature!.slice(1) }, now))).toBe(
      'invalid or missing signature',
    )
    expect(refusal(() => urls.verify(fileId, { ...signed, signature: `${signed.signature}A` }, now))).toBe('invalid or missing signature')
    expect(refusal(() => urls.verify(fileId, { ...signed, signature: `${signed.signature!.slice(1)}=` }, now))).toBe(
      'invalid or missing signature',
    )
  })
})
