import { describe, expect, it } from 'vitest'
import { customRangeError, fromLocalInput, parseViewRange, toLocalInput, writeViewRange, zoomRange } from './custom-range.ts'
import { effectiveBucket, minBucketForSpan, TIME_RANGES, viewWindow, type ViewRange } from './time-range.ts'

const nowMs = Date.parse('2026-06-01T12:00:00Z')
const now = nowMs / 1000
const hour = 3600
const day = 86400

describe('customRangeError', () => {
  it('accepts a range of a minute up to 400 days, ending at most a day ahead', () => {
    expect(customRangeError(now - hour, now, nowMs)).toBeNull()
    expect(customRangeError(now - 60, now, nowMs)).toBeNull()
    expect(customRangeError(now - 400 * day + day, now + day, nowMs)).toBeNull()
  })

  it('says what is wrong with a range it refuses', () => {
    expect(customRangeError(null, now, nowMs)).toBe('Enter both a start and an end.')
    expect(customRangeError(now, now - hour, nowMs)).toBe('The start must be before the end.')
    expect(customRangeError(now, now, nowMs)).toBe('The start must be before the end.')
    expect(customRangeError(now, now + day + 1, nowMs)).toBe('The end can be at most a day from now.')
    expect(customRangeError(now - 59, now, nowMs)).toBe('The range must span at least a minute.')
    expect(customRangeError(now - 400 * day - 1, now, nowMs)).toMatch(/at most 400 days/)
  })
})

describe('the range in the URL', () => {
  const from = now - 6 * hour
  const to = now - hour

  it('round-trips a preset and an absolute range, keeping the other parameters', () => {
    const live: ViewRange = { kind: 'live', id: '6h' }
    const absolute: ViewRange = { kind: 'absolute', from, to, preset: '24h' }
    const base = new URLSearchParams('kiosk=30')
    for (const range of [live, absolute]) {
      const written = writeViewRange(base, range)
      expect(written.get('kiosk')).toBe('30')
      expect(parseViewRange(new URLSearchParams(written.toString()), nowMs)).toEqual(range)
    }
    expect(writeViewRange(base, absolute).toString()).toBe(
      'kiosk=30&range=24h&from=2026-06-01T06%3A00%3A00.000Z&to=2026-06-01T11%3A00%3A00.000Z',
    )
  })

  it('goes back to the preset: from and to leave the URL', () => {
    const zoomed = writeViewRange(new URLSearchParams(), { kind: 'absolute', from, to, preset: '6h' })
    expect(writeViewRange(zoomed, { kind: 'live', id: '6h' }).toString()).toBe('range=6h')
  })

  it('falls back to the preset, then to one hour, on a URL it cannot show', () => {
    const parse = (query: string) => parseViewRange(new URLSearchParams(query), nowMs)
    expect(parse('')).toEqual({ kind: 'live', id: '1h' })
    expect(parse('range=2y')).toEqual({ kind: 'live', id: '1h' })
    expect(parse('range=7d&from=yesterday&to=2026-06-01T11:00:00Z')).toEqual({ kind: 'live', id: '7d' })
    expect(parse('range=7d&from=2026-06-01T11:00:00Z')).toEqual({ kind: 'live', id: '7d' })
    expect(parse('from=2026-06-01T11:00:00Z&to=2026-06-01T10:00:00Z')).toEqual({ kind: 'live', id: '1h' })
    // Any ISO form Date reads, with its offset.
    expect(parse('from=2026-06-01T13:00:00%2B02:00&to=2026-06-01T12:00:00Z')).toEqual({
      kind: 'absolute',
      from: now - hour,
      to: now,
      preset: '1h',
    })
  })
})

describe('zoomRange', () => {
  it('takes the selection in whole seconds, whichever way it was dragged', () => {
    expect(zoomRange(now - 0.5, now - 600.2, '6h')).toEqual({ kind: 'absolute', from: now - 601, to: now, preset: '6h' })
  })

  it('widens a selection narrower than a minute around its middle', () => {
    expect(zoomRange(now, now + 10, '15m')).toEqual({ kind: 'absolute', from: now - 25, to: now + 35, preset: '15m' })
  })
})

describe('datetime-local values', () => {
  it('round-trips a minute in the user time zone', () => {
    const minute = Math.floor(now / 60) * 60 + 7 * 60
    const value = toLocalInput(minute)
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromLocalInput(value)).toBe(minute)
    expect(new Date(minute * 1000).getHours()).toBe(Number(value.slice(11, 13)))
  })

  it('reads nothing from an empty or malformed value', () => {
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('2026-13-45T99:00')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
  })
})

describe('bucket and window of a range', () => {
  it('gives each preset the bucket that draws it in at most 720 buckets', () => {
    for (const range of TIME_RANGES) expect(minBucketForSpan(range.seconds)).toBe(range.minBucket)
  })

  it('chooses among the panel buckets for any span, up to days for 400 days', () => {
    expect(minBucketForSpan(60)).toBe(10)
    expect(minBucketForSpan(2 * hour)).toBe(10)
    expect(minBucketForSpan(2 * hour + 1)).toBe(60)
    expect(minBucketForSpan(3 * day)).toBe(900)
    expect(minBucketForSpan(30 * day)).toBe(3600)
    expect(minBucketForSpan(31 * day)).toBe(86400)
    expect(minBucketForSpan(400 * day)).toBe(86400)
  })

  it('keeps a coarser panel bucket, and makes a finer one coarser for a long absolute range', () => {
    const twoDays: ViewRange = { kind: 'absolute', from: now - 2 * day, to: now, preset: '1h' }
    expect(effectiveBucket(twoDays, 60)).toBe(300)
    expect(effectiveBucket(twoDays, 3600)).toBe(3600)
    expect(effectiveBucket({ kind: 'live', id: '24h' })).toBe(300)
  })

  it('queries an absolute range as it is, whatever the clock says', () => {
    const range: ViewRange = { kind: 'absolute', from: now - day, to: now - hour, preset: '1h' }
    expect(viewWindow(range, nowMs + 10 * hour * 1000)).toEqual({
      since: '2026-05-31T12:00:00.000Z',
      until: '2026-06-01T11:00:00.000Z',
      from: now - day,
      to: now - hour,
    })
    expect(viewWindow({ kind: 'live', id: '1h' }, nowMs)).toMatchObject({ from: now - hour, to: now, until: '2026-06-02T12:00:00.000Z' })
  })
})
