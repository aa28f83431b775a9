import { describe, expect, it } from 'vitest'
import { trimUtc } from './scheduled-deliveries.ts'

describe('trimUtc', () => {
  it.each([
    ['2026-03-10T12:00:00.000000Z', '2026-03-10T12:00:00Z'],
    ['2026-03-10T12:00:10.000000Z', '2026-03-10T12:00:10Z'],
    ['2026-03-10T12:00:00.120000Z', '2026-03-10T12:00:00.12Z'],
    ['2026-03-10T12:00:00.000010Z', '2026-03-10T12:00:00.00001Z'],
    ['2026-03-10T12:00:00.123456Z', '2026-03-10T12:00:00.123456Z'],
  ])("writes Postgres' microseconds %s as aeson does: %s", (text, expected) => {
    expect(trimUtc(text)).toBe(expected)
  })
})
