import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { expectHealthzWithin } from '../support/expect-healthz-within.ts'

/**
 * The hostile-input suites' "answers /healthz within 100 ms" check (tests/support) passes for a
 * process that serves, and fails for one that is blocked or whose database is gone.
 */
let server: Server | undefined

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

describe('expectHealthzWithin', () => {
  it('passes for a process that answers', async () => {
    const url = await serve((_req, res) => res.end('OK'))
    await expectHealthzWithin(url)
  })

  it('fails for a process whose event loop is blocked for 150 ms by every request', async () => {
    const url = await serve((_req, res) => {
      const until = performance.now() + 150
      while (performance.now() < until);
      res.end('OK')
    })
    await expect(expectHealthzWithin(url)).rejects.toThrow('none of 10 tries within 100 ms')
  })

  it('fails for a process that answers quickly that it is not healthy', async () => {
    const url = await serve((_req, res) => res.writeHead(500).end('ERROR'))
    await expect(expectHealthzWithin(url)).rejects.toThrow()
  })
})
