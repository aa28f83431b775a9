import type { QueryResult, ScriptResult } from './database.ts'

/**
 * Messages between the backend's thread and the worker thread that runs PGlite
 * (pglite-worker.ts). Every request carries an `id` its answer repeats; a transaction holds the
 * connection across messages: `begin` opens it under `tx`, `query`/`script` with that `tx` run
 * inside it, `end` commits or rolls it back.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; values: unknown[]; tx?: number }
  | { id: number; op: 'script'; text: string; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' }

export type WorkerAnswer =
  { id: number; ok: true; result?: QueryResult | ScriptResult[] | number } | { id: number; ok: false; error: SerializedError }

/**
 * Every answer is flat (rows of strings, numbers and booleans; `json` as its text): structured
 * cloning copies nested values recursively, and a value nested a few thousand levels deep
 * overflows the receiving thread's stack, which Node reports only as a `messageerror` that
 * names no request, so its call would never settle. `restarted`: PGlite crashed and was
 * replaced (pglite-database.ts), and what was prepared on it is gone.
 */
export type WorkerMessage =
  | WorkerAnswer
  | { type: 'ready' }
  | { type: 'restarted' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'notify'; listener: number; payload: string }

/** A Postgres error's fields (code, detail, constraint…), which structured cloning would drop. */
export interface SerializedError {
  message: string
  fields: Record<string, string | number | undefined>
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} }
  const fields: Record<string, string | number | undefined> = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  return { message: error.message, fields }
}

/** The error again on this side, with this thread's stack and the database's fields. */
export function deserializeError({ message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields)
}
