import { describe, expect, it } from 'vitest'
import { kioskSeconds } from './kiosk.ts'

describe('kioskSeconds', () => {
  it('is off without ?kiosk, 60 s with a bare ?kiosk, and the time asked within 10 s to 1 h', () => {
    expect(kioskSeconds(new URLSearchParams('range=1h'))).toBeNull()
    expect(kioskSeconds(new URLSearchParams('kiosk'))).toBe(60)
    expect(kioskSeconds(new URLSearchParams('kiosk=&range=7d'))).toBe(60)
    expect(kioskSeconds(new URLSearchParams('kiosk=yes'))).toBe(60)
    expect(kioskSeconds(new URLSearchParams('kiosk=30'))).toBe(30)
    expect(kioskSeconds(new URLSearchParams('kiosk=1'))).toBe(10)
    expect(kioskSeconds(new URLSearchParams('kiosk=99999'))).toBe(3600)
  })
})
