import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build every e2e file serves. */
    webAppDir: string
  }
}

/**
 * Builds the app once for all e2e files, with Vite, into a throw-away folder (not dist/, which
 * `npm start` owns).
 */
const PROJECT_DIR = resolve(import.meta.dirname, '../..')

export default function buildWebApp(project: TestProject): () => void {
  const workDir = mkdtempSync(join(tmpdir(), 'pulseboard-e2e-build-'))
  const webAppDir = join(workDir, 'dist')
  execFileSync(
    process.execPath,
    [join(PROJECT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webAppDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: PROJECT_DIR,
      stdio: 'inherit',
    },
  )
  project.provide('webAppDir', webAppDir)
  return () => rmSync(workDir, { recursive: true, force: true })
}
