import { existsSync, watch, type FSWatcher } from 'node:fs'

/** Editors write a file in several steps; one reload follows a burst of changes. */
const SETTLE_MS = 150

/**
 * Calls `onChange` once the files under `functionsDir` have changed and settled (`npm run dev`
 * reloads the functions then). Returns the function that stops watching.
 */
export function watchFunctions(functionsDir: string, onChange: () => void): () => void {
  if (!existsSync(functionsDir)) return () => {}
  let timer: NodeJS.Timeout | undefined
  const watcher: FSWatcher = watch(functionsDir, { recursive: true }, () => {
    clearTimeout(timer)
    timer = setTimeout(onChange, SETTLE_MS)
  })
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
