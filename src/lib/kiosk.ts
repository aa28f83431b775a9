import { useSearchParams } from 'react-router'

/** How long each dashboard shows in kiosk mode when `?kiosk` names no time, and the bounds of one that does. */
const DEFAULT_SECONDS = 60
const MIN_SECONDS = 10
const MAX_SECONDS = 3600

/**
 * Kiosk mode (`?kiosk`, or `?kiosk=30` for 30 s per dashboard): a wall screen with no app chrome
 * that cycles through the workspace's dashboards. Null when the URL does not ask for it.
 */
export function kioskSeconds(search: URLSearchParams): number | null {
  const value = search.get('kiosk')
  if (value === null) return null
  const seconds = Number(value)
  if (value.trim() === '' || !Number.isFinite(seconds)) return DEFAULT_SECONDS
  return Math.min(Math.max(Math.round(seconds), MIN_SECONDS), MAX_SECONDS)
}

export function useKioskSeconds(): number | null {
  const [search] = useSearchParams()
  return kioskSeconds(search)
}
