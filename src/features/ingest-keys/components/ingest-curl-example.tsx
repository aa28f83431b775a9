import { useSubscription } from '@apollo/client/react'
import { useState } from 'react'
import { WorkspaceMetricsDocument } from '../../../gql/graphql.ts'
import { ingestCurlCommand } from '../ingest-curl-command.ts'

interface IngestCurlExampleProps {
  ingestKey: string
  functionsUrl: string
  workspaceId: string
}

/**
 * The key and a copyable `curl` call of the ingest function that uses it, sending a point to a
 * metric of the workspace (the first by key): a metric key the workspace lacks is refused with 422.
 */
export function IngestCurlExample({ ingestKey, functionsUrl, workspaceId }: IngestCurlExampleProps) {
  const [copied, setCopied] = useState<string | null>(null)
  const [shownAt] = useState(() => new Date())
  const { data } = useSubscription(WorkspaceMetricsDocument, { variables: { workspaceId } })
  const metricKey = data?.metrics[0]?.key
  const url = new URL(`${functionsUrl}/ingest`, window.location.href).href
  const curl = metricKey ? ingestCurlCommand({ url, ingestKey, metricKey, ts: shownAt }) : null

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
      {curl ? (
        <>
          <pre className="code-block" data-testid="ingest-curl">
            <code>{curl}</code>
          </pre>
          <button type="button" onClick={() => void copy('curl', curl)}>
            Copy curl command
          </button>
        </>
      ) : data ? (
        <p className="muted" data-testid="ingest-curl-no-metric">
          This workspace has no metric yet: create one on its Metrics page, and an example sending a point to it appears here.
        </p>
      ) : null}
      {copied ? (
        <span role="status" className="muted">
          {' '}
          Copied the {copied}.
        </span>
      ) : null}
    </div>
  )
}
