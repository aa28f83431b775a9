// The PGlite worker thread's entry. Node 20 does not pass `--import` loaders on to worker
// threads, so the worker registers tsx itself before loading its TypeScript.
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
