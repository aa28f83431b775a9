import { describe, expect, it } from 'vitest'
import { reachedStep, readThresholds, thresholdsProblem } from './thresholds.ts'

const steps = readThresholds([
  { value: 50, colour: 'orange' },
  { value: 90, colour: 'red' },
])

describe('thresholds', () => {
  it('finds the highest step a value reaches, none below the first', () => {
    expect(reachedStep(49.9, steps)).toBeUndefined()
    expect(reachedStep(50, steps)).toEqual({ value: 50, colour: 'orange' })
    expect(reachedStep(89, steps)?.colour).toBe('orange')
    expect(reachedStep(1e6, steps)?.colour).toBe('red')
    expect(reachedStep(null, steps)).toBeUndefined()
  })

  it('reads only well-formed steps from the jsonb', () => {
    expect(readThresholds(null)).toEqual([])
    expect(
      readThresholds([
        { value: '1', colour: 'red' },
        { value: 2, colour: 'pink' },
        { value: 3, colour: 'blue' },
      ]),
    ).toEqual([{ value: 3, colour: 'blue' }])
  })

  it('names what the form would send wrong', () => {
    expect(
      thresholdsProblem([
        { value: '1', colour: 'red' },
        { value: '2', colour: 'red' },
      ]),
    ).toBeUndefined()
    expect(thresholdsProblem([{ value: '', colour: 'red' }])).toBe('Each threshold needs a number.')
    expect(
      thresholdsProblem([
        { value: '5', colour: 'red' },
        { value: '5', colour: 'red' },
      ]),
    ).toBe('Each threshold is above the one before.')
    expect(thresholdsProblem(Array.from({ length: 6 }, (_, i) => ({ value: String(i), colour: 'red' })))).toBe('At most 5 thresholds.')
  })
})
