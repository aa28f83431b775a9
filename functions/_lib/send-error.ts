import type { Response } from 'express'

/** Every function error as `{error: {code, message}}`, codes from docs/errors.md. */
export function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } })
}
