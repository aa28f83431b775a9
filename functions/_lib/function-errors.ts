import type { Response } from 'express'

/** Answers with the error catalogue's code (docs/errors.md) and a plain message. */
export function sendError(res: Response, status: number, code: string, message: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ error: { code, message, ...extra } })
}
