import { useRef } from 'react'

/**
 * The last defined value: a live chart keeps showing its series while its subscription is
 * re-established with a new window (every minute) instead of flashing a loading state.
 */
export function useKeptValue<T>(value: T | undefined): T | undefined {
  const kept = useRef(value)
  if (value !== undefined) kept.current = value
  return kept.current
}
