import { pathToFileURL } from 'node:url'
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { REQUEST_ID_HEADER } from '../../lib/request-id.ts'
import { findFunctionRoutes } from '../find-function-routes.ts'
import { FunctionsError } from '../functions-error.ts'

/** What the runtime says about loading functions; the worker forwards it to the backend's log. */
export type LoadReport = (level: 'debug' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void

/**
 * The Express application Nhost's functions runtime builds: JSON bodies up to 6 MB parsed, the
 * exact text kept in `req.rawBody` (webhook signatures are computed over it), urlencoded bodies
 * parsed, and each function's default export mounted for every method at its route. No route is
 * Express's own 404; a body the parsers refuse (malformed JSON 400, past the limit 413, an
 * unknown charset or encoding 415) and a handler that throws or rejects (500) answer JSON
 * `{error: {code, message}}` (`answerRuntimeError`, the shape functions answer their own errors
 * in), not Express's HTML page.
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
  app.use(answerRuntimeError(report))
  return app
}

/** body-parser's error types (`err.type`) and the codes they answer with. */
const BODY_ERROR_CODES: Record<string, string> = {
  'entity.parse.failed': 'invalid-json',
  'entity.too.large': 'payload-too-large',
  'entity.verify.failed': 'invalid-request',
  'encoding.unsupported': 'unsupported-encoding',
  'charset.unsupported': 'unsupported-charset',
  'request.aborted': 'request-aborted',
  'request.size.invalid': 'invalid-request',
  'stream.encoding.set': 'internal-error',
  'stream.not.readable': 'internal-error',
  'parameters.too.many': 'invalid-request',
}

/**
 * Express's last error handler, in the backend's error family: a refused body answers its 4xx
 * with the parser's reason; anything else is a 500 whose detail goes to the log with the
 * request's id, never to the client. An answer already under way is left to Express (it cuts it).
 */
function answerRuntimeError(report: LoadReport): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error)
    const { status, type, message } = (error ?? {}) as { status?: unknown; type?: unknown; message?: unknown }
    const requestId = req.headers[REQUEST_ID_HEADER]
    let shown: FunctionsError
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (typeof type === 'string' && BODY_ERROR_CODES[type]) || 'invalid-request'
      shown = new FunctionsError(status, code, typeof message === 'string' ? message : 'The request is invalid')
    } else {
      report('error', 'function failed', { requestId, path: req.path, error: String(error), stack: (error as Error | undefined)?.stack })
      shown = new FunctionsError(500, 'internal-error', 'Internal server error')
    }
    res.status(shown.status).json(shown.body())
  }
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
    const failed = new FunctionsError(500, 'function-load-failed', `The function failed to load: ${String(error)}`)
    return (_req, res) => {
      res.status(failed.status).json(failed.body())
    }
  }
}
