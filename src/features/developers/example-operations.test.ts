import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { exampleOperations, selectedOperation } from './example-operations.ts'

const GRAPHQL_DIR = resolve(import.meta.dirname, '../../../graphql')
const appFiles = Object.fromEntries(
  readdirSync(GRAPHQL_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => [`/graphql/${file}`, readFileSync(join(GRAPHQL_DIR, file), 'utf8')]),
)

describe('exampleOperations', () => {
  const examples = exampleOperations(appFiles)

  it("offers every named operation of the app's graphql/ folder, each runnable on its own", () => {
    const named = Object.values(appFiles).flatMap((source) =>
      parse(source).definitions.flatMap((d) => (d.kind === 'OperationDefinition' && d.name ? [d.name.value] : [])),
    )
    expect(examples.map((example) => example.name).sort()).toEqual(named.sort())
    for (const example of examples) expect(() => parse(example.document)).not.toThrow()
  })

  it('brings the fragments an operation spreads, and only those', () => {
    const dashboard = examples.find((example) => example.name === 'Dashboard')!
    expect(dashboard).toMatchObject({ kind: 'subscription', feature: 'dashboards' })
    expect(dashboard.document).toContain('fragment PanelFields on panels')
    expect(examples.find((example) => example.name === 'CreateDashboard')!.document).not.toContain('fragment')
  })

  it('fills the variables editor with a placeholder of each variable type', () => {
    const files = {
      '/graphql/x.graphql':
        'query Q($id: uuid!, $limit: Int, $on: Boolean!, $ids: [uuid!]!, $rule: alert_rules_insert_input!) { a }\nquery NoVars { b }',
    }
    const [withVariables, withoutVariables] = exampleOperations(files)
    expect(JSON.parse(withVariables!.variables)).toEqual({ id: '', limit: 0, on: false, ids: [], rule: {} })
    expect(withoutVariables!.variables).toBe('')
  })
})

describe('selectedOperation', () => {
  const document = 'query A { a { ...F } }\nmutation B { b }\nfragment F on t { id }'

  it('picks the named operation with its fragments, or the first one', () => {
    expect(selectedOperation(document, 'B')).toEqual({ document: 'mutation B {\n  b\n}', kind: 'mutation' })
    const first = selectedOperation(document, null)!
    expect(first.kind).toBe('query')
    expect(first.document).toContain('fragment F on t')
  })

  it('is null while the text does not parse', () => {
    expect(selectedOperation('query {', null)).toBeNull()
    expect(selectedOperation('fragment F on t { id }', null)).toBeNull()
  })
})
