import { useState } from 'react'
import { Link } from 'react-router'
import { SNIPPET_LABELS, snippet, type SnippetName, type SnippetOperation, type SnippetTarget } from '../snippets.ts'

const NAMES = Object.keys(SNIPPET_LABELS) as SnippetName[]

/** The explorer's current operation as code for curl, graphql-request, urql and Apollo; and the ingest API's curl. */
export function CodeSnippets({ target, operation }: { target: SnippetTarget; operation: SnippetOperation | null }) {
  const [selected, setSelected] = useState<SnippetName>('curl')
  const [copied, setCopied] = useState(false)
  const code =
    operation || selected === 'ingest' ? snippet(selected, target, operation ?? { query: '', variables: '', kind: 'query' }) : null

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false) // no clipboard permission: the text stays selectable
    }
  }

  return (
    <section className="card" aria-labelledby="snippets-title">
      <h2 id="snippets-title">Use it from your code</h2>
      <p className="muted">
        Scripts sign in with a personal access token: create one on your <Link to="/account">account page</Link>, trade it for an access
        token at <code>{target.authUrl}/signin/pat</code>, and send that as <code>Authorization: Bearer</code>. The snippets run the
        operation in the explorer above.
      </p>
      <div className="snippet-tabs" role="group" aria-label="Snippet language">
        {NAMES.map((name) => (
          <button
            key={name}
            type="button"
            className="small"
            aria-pressed={name === selected}
            onClick={() => {
              setSelected(name)
              setCopied(false)
            }}
          >
            {SNIPPET_LABELS[name]}
          </button>
        ))}
      </div>
      {code === null ? (
        <p className="muted">The operation in the explorer does not parse yet.</p>
      ) : (
        <>
          <pre className="code-block" data-testid="snippet">
            <code>{code}</code>
          </pre>
          <div>
            <button type="button" onClick={() => void copy(code)}>
              Copy {SNIPPET_LABELS[selected]} snippet
            </button>
            {copied ? (
              <span role="status" className="muted">
                {' '}
                Copied.
              </span>
            ) : null}
          </div>
        </>
      )}
    </section>
  )
}
