import type { Response } from 'express'

/** Every function error as `{error: {code, message, …extra}}`, codes from docs/errors.md. */
export function sendError(res: Response, status: number, code: string, message: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ error: { code, message, ...extra } })
}
