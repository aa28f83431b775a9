import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** One MSW server per test file; each test installs its handlers with server.use(). */
export const server = setupServer()

/** Registers the file's hooks: listen before, reset after each test, close after all (a vitest hook, not a React one). */
export function listenWithMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    localStorage.clear()
  })
  afterAll(() => server.close())
}
