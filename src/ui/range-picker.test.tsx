// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromLocalInput, toLocalInput } from '../lib/custom-range.ts'
import type { ViewRange } from '../lib/time-range.ts'
import { RangePicker } from './range-picker.tsx'

afterEach(cleanup)

const now = Math.floor(Date.now() / 60_000) * 60
const hour = 3600

function renderPicker(value: ViewRange) {
  const onChange = vi.fn<(next: ViewRange) => void>()
  render(<RangePicker value={value} onChange={onChange} />)
  return onChange
}

function enter(label: 'From' | 'To', seconds: number) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: toLocalInput(seconds) } })
}

const inputSeconds = (label: 'From' | 'To') => fromLocalInput(screen.getByLabelText<HTMLInputElement>(label).value)

describe('RangePicker', () => {
  it('picks a preset', async () => {
    const onChange = renderPicker({ kind: 'live', id: '1h' })
    expect(screen.getByRole('button', { name: '1 hour' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: '6 hours' }))
    expect(onChange).toHaveBeenCalledWith({ kind: 'live', id: '6h' })
  })

  it('applies a custom range typed in the user time zone, remembering the preset to go back to', async () => {
    const onChange = renderPicker({ kind: 'live', id: '24h' })
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }))
    // The inputs start on the preset's span.
    expect(inputSeconds('To')! - inputSeconds('From')!).toBe(24 * hour)
    enter('From', now - 3 * hour)
    enter('To', now - hour)
    await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
    expect(onChange).toHaveBeenCalledWith({ kind: 'absolute', from: now - 3 * hour, to: now - hour, preset: '24h' })
    expect(screen.queryByRole('form', { name: 'Custom time range' })).toBeNull()
  })

  it('refuses a range whose start is not before its end, and says why', async () => {
    const onChange = renderPicker({ kind: 'live', id: '1h' })
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }))
    enter('From', now - hour)
    enter('To', now - 2 * hour)
    await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
    expect(screen.getByRole('alert').textContent).toBe('The start must be before the end.')
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows an absolute range and goes back to its live preset', async () => {
    const onChange = renderPicker({ kind: 'absolute', from: now - 2 * hour, to: now - hour, preset: '6h' })
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: '6 hours' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByTestId('range-shown').textContent).toContain(new Date((now - hour) * 1000).toLocaleString())
    await userEvent.click(screen.getByRole('button', { name: 'Back to live (6 hours)' }))
    expect(onChange).toHaveBeenCalledWith({ kind: 'live', id: '6h' })
  })
})
