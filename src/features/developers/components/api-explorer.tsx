import { useGraphiQL, useOperationsEditorState, useVariablesEditorState } from '@graphiql/react'
import { GraphiQL } from 'graphiql'
import 'graphiql/setup-workers/vite'
import 'graphiql/style.css'
import './api-explorer.css'
import { useEffect, useMemo } from 'react'
import type { ExampleOperation } from '../example-operations.ts'
import type { ExplorerFetcher } from '../explorer-fetcher.ts'
import type { GraphiqlStorage } from '../user-storage.ts'
import { examplesPlugin } from './examples-plugin.tsx'

/** What the active tab would run, for the code snippets outside GraphiQL. */
export interface EditedOperation {
  query: string
  variables: string
  operationName: string | null
}

const DEFAULT_QUERY = `# Pulseboard's GraphQL API, signed in as you (role user): the schema and its
# docs (the book icon) are what your scripts see. Run with Ctrl-Enter; the
# Examples pane (left) holds every operation the app itself sends. Mutations
# change your data for real.

query MyWorkspaces {
  workspaces(order_by: { name: asc }) {
    id
    name
    slug
  }
}
`

/** Rendered inside GraphiQL's context: reports the active tab's operation as it changes. */
function ReportEditedOperation({ onChange }: { onChange(operation: EditedOperation): void }) {
  const [query] = useOperationsEditorState()
  const [variables] = useVariablesEditorState()
  const operationName = useGraphiQL((state) => state.operationName) ?? null
  useEffect(() => onChange({ query, variables, operationName }), [onChange, query, variables, operationName])
  return null
}

export interface ApiExplorerProps {
  fetcher: ExplorerFetcher
  storage: GraphiqlStorage
  examples: ExampleOperation[]
  signedInAs: string
  onEditOperation(operation: EditedOperation): void
}

/** GraphiQL 5 with the app's examples; the doc explorer and history are its own. */
export function ApiExplorer({ fetcher, storage, examples, signedInAs, onEditOperation }: ApiExplorerProps) {
  const plugins = useMemo(() => [examplesPlugin(examples)], [examples])
  return (
    <div className="api-explorer" data-testid="api-explorer">
      <GraphiQL fetcher={fetcher} storage={storage} plugins={plugins} visiblePlugin="Examples" defaultQuery={DEFAULT_QUERY}>
        <GraphiQL.Logo>Pulseboard</GraphiQL.Logo>
        <GraphiQL.Footer>
          <p className="explorer-footer">Signed in as {signedInAs} (role user)</p>
          <ReportEditedOperation onChange={onEditOperation} />
        </GraphiQL.Footer>
      </GraphiQL>
    </div>
  )
}
