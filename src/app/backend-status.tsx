import { useEffect, useState } from 'react'

type Status = { state: 'checking' } | { state: 'up'; version: string } | { state: 'down'; reason: string }

/** First screen until the product screens land: whether the backend this app talks to answers. */
export function BackendStatus() {
  const [status, setStatus] = useState<Status>({ state: 'checking' })
  useEffect(() => {
    const controller = new AbortController()
    fetch('/v1/version', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const body = (await response.json()) as { version: string }
        setStatus({ state: 'up', version: body.version })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setStatus({ state: 'down', reason: String(error) })
      })
    return () => controller.abort()
  }, [])
  return (
    <main>
      <h1>Pulseboard</h1>
      <p role="status">
        {status.state === 'checking' && 'Connecting to the backend…'}
        {status.state === 'up' && `Backend ${status.version} is up.`}
        {status.state === 'down' && `The backend did not answer (${status.reason}).`}
      </p>
    </main>
  )
}
