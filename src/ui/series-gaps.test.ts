import { describe, expect, it } from 'vitest'
import { lonePoints, withGaps } from './series-gaps.ts'

const t0 = Date.parse('2026-01-01T00:00:00Z') / 1000

describe('withGaps', () => {
  it('makes each missing bucket between two points a null', () => {
    const points = [
      { t: t0, value: 1 },
      { t: t0 + 60, value: 2 },
      { t: t0 + 240, value: 5 },
      { t: t0 + 300, value: 6 },
    ]
    expect(withGaps(points, 60)).toEqual([
      { t: t0, value: 1 },
      { t: t0 + 60, value: 2 },
      { t: t0 + 120, value: null },
      { t: t0 + 180, value: null },
      { t: t0 + 240, value: 5 },
      { t: t0 + 300, value: 6 },
    ])
  })

  it('leaves a series without gaps, an empty one and one of a single point as they are', () => {
    const contiguous = [
      { t: t0, value: 1 },
      { t: t0 + 10, value: null },
      { t: t0 + 20, value: 3 },
    ]
    expect(withGaps(contiguous, 10)).toEqual(contiguous)
    expect(withGaps([], 10)).toEqual([])
    expect(withGaps([{ t: t0, value: 1 }], 10)).toEqual([{ t: t0, value: 1 }])
  })

  it('adds nothing before the first point or after the last', () => {
    expect(withGaps([{ t: t0 + 3600, value: 1 }], 60)).toHaveLength(1)
  })
})

describe('lonePoints', () => {
  it('finds the values with a gap or the edge on both sides', () => {
    expect(lonePoints([1, null, 2, 3, null, 4, null, null, 5])).toEqual([0, 5, 8])
    expect(lonePoints([1, 2, 3])).toEqual([])
    expect(lonePoints([null, null])).toEqual([])
  })
})
