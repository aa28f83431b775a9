import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findFunctionRoutes, routeOf } from './find-function-routes.ts'

describe('routeOf', () => {
  it.each([
    ['hello.ts', '/hello'],
    ['hello.js', '/hello'],
    ['index.ts', '/'],
    ['sub/index.js', '/sub/'],
    ['a/b/c.ts', '/a/b/c'],
    ['indexes.ts', '/indexes'],
    ['sub/my-index.ts', '/sub/my-index'],
  ])('maps %s to %s', (file, route) => {
    expect(routeOf(file)).toBe(route)
  })
})

describe('findFunctionRoutes', () => {
  it('lists .ts and .js files, skipping _ names, node_modules, hidden and test files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pulseboard-function-routes-'))
    const files = [
      'b.ts',
      'a/index.js',
      'a/x.mjs',
      'a/y.tsx',
      'a/notes.md',
      '_helper.ts',
      '_lib/z.ts',
      'c/_d/e.ts',
      'node_modules/p/index.js',
      '.hidden/f.ts',
      'b.test.ts',
      'b.spec.js',
      'package.json',
    ]
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), '')
    }
    expect(findFunctionRoutes(dir)).toEqual([
      { route: '/a/', file: join(dir, 'a/index.js') },
      { route: '/b', file: join(dir, 'b.ts') },
    ])
  })

  it('finds nothing when the project has no functions folder', () => {
    expect(findFunctionRoutes(join(tmpdir(), 'pulseboard-no-such-folder'))).toEqual([])
  })
})
