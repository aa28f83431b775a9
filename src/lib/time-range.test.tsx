// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSecondClock } from './time-range.ts'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Edge({ name }: { name: string }) {
  return <p data-testid={name}>{useSecondClock()}</p>
}

describe('useSecondClock', () => {
  it('is one timer for all its readers, moving them together, and stops with the last reader', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.250Z') })
    const start = Date.parse('2026-01-01T00:00:00Z') / 1000
    const timers = vi.getTimerCount()
    const view = render(
      <>
        <Edge name="a" />
        <Edge name="b" />
      </>,
    )
    expect(vi.getTimerCount()).toBe(timers + 1)
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.getByTestId('a').textContent).toBe(String(start + 3))
    expect(screen.getByTestId('b').textContent).toBe(String(start + 3))
    view.unmount()
    expect(vi.getTimerCount()).toBe(timers)
    // Read again after a pause, the clock shows the time of its new reader, not its last tick.
    act(() => vi.advanceTimersByTime(10_000))
    render(<Edge name="c" />)
    expect(screen.getByTestId('c').textContent).toBe(String(start + 13))
  })
})
