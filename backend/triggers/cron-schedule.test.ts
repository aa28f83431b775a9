import { describe, expect, it } from 'vitest'
import { nextCronTimes } from './cron-schedule.ts'

const iso = (dates: Date[]) => dates.map((d) => d.toISOString())

describe('nextCronTimes', () => {
  it('gives the next times strictly after the start, in UTC', () => {
    expect(iso(nextCronTimes('*/15 * * * *', new Date('2026-03-10T12:00:00Z'), 3))).toEqual([
      '2026-03-10T12:15:00.000Z',
      '2026-03-10T12:30:00.000Z',
      '2026-03-10T12:45:00.000Z',
    ])
  })

  it('crosses days, months and years', () => {
    expect(iso(nextCronTimes('30 23 * * *', new Date('2026-12-31T23:45:00Z'), 2))).toEqual([
      '2027-01-01T23:30:00.000Z',
      '2027-01-02T23:30:00.000Z',
    ])
    expect(iso(nextCronTimes('0 0 29 2 *', new Date('2026-01-01T00:00:00Z'), 1))).toEqual(['2028-02-29T00:00:00.000Z'])
  })

  it('reads the day of week and ignores the local time zone', () => {
    // 2026-03-10 is a Tuesday; Mondays at 09:00 UTC.
    expect(iso(nextCronTimes('0 9 * * 1', new Date('2026-03-10T00:00:00Z'), 2))).toEqual([
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
    ])
  })

  it('refuses an expression that is not cron', () => {
    expect(() => nextCronTimes('every minute', new Date(), 1)).toThrow()
    expect(() => nextCronTimes('61 * * * *', new Date(), 1)).toThrow()
  })
})
