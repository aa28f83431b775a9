import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The backend's folders form layers (eslint.config.js, docs/architecture.md). ESLint checks each
 * import against the list; this test checks the whole: the list names every folder, the arrows
 * form no cycle, and the production code's actual folder graph has no cycle either.
 */
const root = resolve(import.meta.dirname, '..')
const backend = join(root, 'backend')
const configFile: string = join(root, 'eslint.config.js')
const { layers: allowed } = (await import(configFile)) as { layers: Record<string, string[]> }

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '__fixtures__' || entry.name === 'golden' ? [] : productionFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Relative import targets of a file, resolved to paths from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.map((s) => relative(root, resolve(dirname(file), s)))
}

const folderOf = (path: string) => path.split('/')[1]!

/** The folders of `graph` on a cycle, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node]
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    stack.pop()
    state.set(node, 'done')
    return undefined
  }
  for (const node of graph.keys()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}

const files = productionFiles(backend)
const edges = files.flatMap((file) => importsOf(file).map((target) => ({ from: relative(root, file), target })))

describe('backend layers', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ])
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a'])
    expect(
      findCycle(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toBeUndefined()
  })

  it('names every backend folder in eslint.config.js', () => {
    const folders = readdirSync(backend, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
    expect(folders.filter((f) => !(f in allowed))).toEqual([])
  })

  it('allows no cycle between folders', () => {
    const graph = new Map(Object.entries(allowed).map(([folder, below]) => [folder, new Set(below.filter((b) => b !== '*'))]))
    expect(findCycle(graph)).toBeUndefined()
  })

  it('has no import cycle between folders in the code', () => {
    const graph = new Map<string, Set<string>>()
    for (const { from, target } of edges) {
      if (!target.startsWith('backend/') || folderOf(from) === folderOf(target)) continue
      const set = graph.get(folderOf(from)) ?? new Set()
      set.add(folderOf(target))
      graph.set(folderOf(from), set)
    }
    expect(findCycle(graph)).toBeUndefined()
  })

  it('keeps production code away from tests and the web app', () => {
    const wrong = edges.filter(({ target }) => target.startsWith('tests/') || target.startsWith('src/'))
    expect(wrong).toEqual([])
  })
})
