import { useSyncExternalStore } from 'react'
import { getConnectionStatus, subscribeConnectionStatus } from '../lib/connection-status.ts'
import { ERROR_CATALOGUE } from '../lib/error-catalogue.ts'

export function OfflineBanner() {
  const status = useSyncExternalStore(subscribeConnectionStatus, getConnectionStatus, () => 'online' as const)
  if (status === 'online') return null
  return (
    <div className="banner" role="alert" data-error-code="network/offline">
      {ERROR_CATALOGUE['network/offline'].message}
    </div>
  )
}
