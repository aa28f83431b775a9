import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

export interface FunctionRoute {
  /** The Express path the function answers, below `/v1/functions`: `/hello`, `/sub/` for `sub/index.ts`. */
  route: string
  /** Absolute path of the module whose default export is the handler. */
  file: string
}

const SOURCE = /\.(ts|js)$/
// Test files sit beside the functions they test; serving them would import the test runner.
const TEST_FILE = /\.(test|spec)\.(ts|js)$/

/**
 * The functions of a `functions/` folder, mapped as Nhost's runtime maps them: every `.ts` and
 * `.js` file, except in `node_modules` and under names starting with `_` (helpers) or `.`
 * (hidden, which Nhost's glob skips too); `index` answers for its folder. Sorted by path so that
 * two files claiming one route resolve the same way on every start.
 */
export function findFunctionRoutes(functionsDir: string): FunctionRoute[] {
  return sourceFiles(functionsDir)
    .sort()
    .map((file) => ({ file, route: routeOf(relative(functionsDir, file)) }))
}

/** `sub/index.ts` → `/sub/`, `hello.js` → `/hello`, `index.ts` → `/`. */
export function routeOf(relativeFile: string): string {
  return `/${relativeFile.split(sep).join('/')}`.replace(SOURCE, '').replace(/\/index$/, '/')
}

function sourceFiles(dir: string): string[] {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('_') || entry.name.startsWith('.') || entry.name === 'node_modules') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.isFile() && SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : []
  })
}
