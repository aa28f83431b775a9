/**
 * Whether the backend is reachable, as the live socket and the browser see it: a tiny store that
 * the offline banner reads with useSyncExternalStore. The WebSocket client reports `closed` and
 * `connected`; the browser reports `offline`/`online`.
 */
export type ConnectionStatus = 'online' | 'offline'

let socketUp = true
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

export function getConnectionStatus(): ConnectionStatus {
  return socketUp && browserOnline ? 'online' : 'offline'
}

export function subscribeConnectionStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function reportSocket(up: boolean): void {
  if (socketUp === up) return
  socketUp = up
  notify()
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true
    notify()
  })
  window.addEventListener('offline', () => {
    browserOnline = false
    notify()
  })
}
