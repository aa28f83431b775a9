import { pathToFileURL } from 'node:url'
import express, { type Express, type RequestHandler } from 'express'
import { findFunctionRoutes } from '../find-function-routes.ts'

/** What the runtime says about loading functions; the worker forwards it to the backend's log. */
export type LoadReport = (level: 'debug' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void

/**
 * The Express application Nhost's functions runtime builds: JSON bodies up to 6 MB parsed, the
 * exact text kept in `req.rawBody` (webhook signatures are computed over it), urlencoded bodies
 * parsed, and each function's default export mounted for every method at its route. Errors use
 * Express's own answers: 404 for no route, 400 for malformed JSON, 413 past the limit, 500 when a
 * handler throws or rejects.
 */
export async function createFunctionsApp(functionsDir: string, report: LoadReport): Promise<Express> {
  const app = express()
  app.disable('x-powered-by')
  app.use(
    express.json({
      limit: '6mb',
      verify: (req, _res, bytes) => {
        ;(req as typeof req & { rawBody?: string }).rawBody = bytes.toString()
      },
    }),
  )
  app.use(express.urlencoded({ extended: true }))

  for (const { route, file } of findFunctionRoutes(functionsDir)) {
    const handler = await loadHandler(file, report)
    if (handler === undefined) continue
    try {
      app.all(route, handler)
      report('debug', 'function loaded', { route, file })
    } catch (error) {
      report('warn', 'function not served: its path is not a valid Express route', { route, file, error: String(error) })
    }
  }
  return app
}

/**
 * The file's default export, or a handler answering 500 when the module does not load (a syntax
 * error in one function must not take the others down). No default export: not a function.
 */
async function loadHandler(file: string, report: LoadReport): Promise<RequestHandler | undefined> {
  try {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown }
    // A CommonJS module compiled from `export default` arrives as `{ default: { default: fn } }`.
    const handler = (module.default as { default?: unknown } | undefined)?.default ?? module.default
    if (typeof handler === 'function') return handler as RequestHandler
    report('warn', 'no default export: not served as a function', { file })
    return undefined
  } catch (error) {
    report('error', 'function failed to load', { file, error: String(error), stack: (error as Error).stack })
    return (_req, res) => {
      res
        .status(500)
        .type('text/plain')
        .send(`The function failed to load: ${String(error)}`)
    }
  }
}
