import { useGraphiQL, useGraphiQLActions, type GraphiQLPlugin } from '@graphiql/react'
import type { ExampleOperation } from '../example-operations.ts'

function ExamplesIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M5 4h10l4 4v12H5z M15 4v4h4 M8 12h8 M8 16h6" />
    </svg>
  )
}

/**
 * A sidebar pane of GraphiQL listing the app's own operations (graphql/, one group per
 * feature); choosing one opens it in a new tab with a placeholder for each variable.
 */
export function examplesPlugin(examples: ExampleOperation[]): GraphiQLPlugin {
  const features = [...new Set(examples.map((example) => example.feature))]
  function ExamplesPane() {
    const { addTab } = useGraphiQLActions()
    const queryEditor = useGraphiQL((state) => state.queryEditor)
    const variableEditor = useGraphiQL((state) => state.variableEditor)
    const open = (example: ExampleOperation) => {
      addTab()
      queryEditor?.setValue(example.document)
      variableEditor?.setValue(example.variables)
    }
    return (
      <div className="explorer-examples">
        <div className="graphiql-doc-explorer-title">Examples</div>
        <p className="muted">The operations the Pulseboard app itself sends (graphql/ in its repository).</p>
        {features.map((feature) => (
          <section key={feature} aria-label={`${feature} operations`}>
            <h3>{feature}</h3>
            <ul>
              {examples
                .filter((example) => example.feature === feature)
                .map((example) => (
                  <li key={example.name}>
                    <button type="button" onClick={() => open(example)}>
                      {example.name} <span className="muted">{example.kind}</span>
                    </button>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    )
  }
  return { title: 'Examples', icon: ExamplesIcon, content: ExamplesPane }
}
