import { describe, expect, it } from 'vitest'
import { alignSeries } from './align-series.ts'

describe('alignSeries', () => {
  it('puts every series over the times of all of them, null where one has no value', () => {
    const a = [
      { t: 60, value: 1 },
      { t: 120, value: null },
      { t: 180, value: 3 },
    ]
    const b = [
      { t: 0, value: 7 },
      { t: 180, value: 9 },
    ]
    expect(alignSeries([a, b])).toEqual([
      [0, 60, 120, 180],
      [null, 1, null, 3],
      [7, null, null, 9],
    ])
  })

  it('leaves a single series as it is', () => {
    expect(alignSeries([[{ t: 5, value: 2 }]])).toEqual([[5], [2]])
    expect(alignSeries([[]])).toEqual([[], []])
  })
})
