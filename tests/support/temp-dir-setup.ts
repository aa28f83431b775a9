import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Vitest global setup: every temporary folder the tests (and the backends and function workers
 * they start) create goes under one folder per run, removed at the end, so that test files need
 * not each clean up after themselves and a killed backend leaves nothing behind in /tmp.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-tests-'))
  process.env.TMPDIR = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
