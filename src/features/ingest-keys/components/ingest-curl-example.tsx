import { useState } from 'react'

/** The key and a copyable `curl` call of the ingest function that uses it. */
export function IngestCurlExample({ ingestKey, functionsUrl }: { ingestKey: string; functionsUrl: string }) {
  const [copied, setCopied] = useState<string | null>(null)
  const url = new URL(`${functionsUrl}/ingest`, window.location.href).href
  const curl = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer ${ingestKey}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"points": [{"metric": "signups", "ts": "${new Date().toISOString()}", "value": 1}]}'`

  async function copy(label: string, text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(label)
    } catch {
      setCopied(null) // no clipboard permission: the text stays selectable
    }
  }

  return (
    <div>
      <p>
        <code data-testid="ingest-key-value" className="break-all">
          {ingestKey}
        </code>
      </p>
      <button type="button" onClick={() => void copy('key', ingestKey)}>
        Copy key
      </button>
      <pre className="code-block" data-testid="ingest-curl">
        <code>{curl}</code>
      </pre>
      <button type="button" onClick={() => void copy('curl', curl)}>
        Copy curl command
      </button>
      {copied ? (
        <span role="status" className="muted">
          {' '}
          Copied the {copied}.
        </span>
      ) : null}
    </div>
  )
}
