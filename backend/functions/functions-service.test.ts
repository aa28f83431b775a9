import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/load-config.ts'
import { createLogger } from '../lib/logger.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { createFunctionsService, pathBelowPrefix } from './functions-service.ts'

describe('pathBelowPrefix', () => {
  it.each([
    ['/v1/functions', '/'],
    ['/v1/functions/', '/'],
    ['/v1/functions?x=1', '/?x=1'],
    ['/v1/functions/a/b?x=1', '/a/b?x=1'],
  ])('maps %s to %s', (url, path) => {
    expect(pathBelowPrefix(url)).toBe(path)
  })
})

describe('owns', () => {
  const service = createFunctionsService({ config: loadConfig({ env: {} }), log: createLogger('silent') } as BackendContext)
  it.each([
    ['/v1/functions', true],
    ['/v1/functions/x', true],
    ['/v1/functions?x', true],
    ['/v1/functionsx', false],
    ['/v1/graphql', false],
    ['/functions/x', false],
  ])('%s: %s', (url, owned) => {
    expect(service.owns(url)).toBe(owned)
  })
})
