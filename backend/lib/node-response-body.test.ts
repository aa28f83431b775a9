import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferNodeSource, sendNodeSources } from './node-response-body.ts'

/**
 * One node:http server for the file: a route answers a Node stream made per request, behind a
 * middleware that adds a header after the handler (as CORS and the request id do).
 */
const CHUNK = Buffer.alloc(64 * 1024, 7)
let makeSource: () => Readable
let lastSource: Readable | undefined
let webBodyRead = false
const streamErrors: unknown[] = []

const app = new Hono()
app.use(async (c, next) => {
  await next()
  c.header('x-after-handler', 'yes')
})
app.get('/file', (c) => {
  const source = (lastSource = makeSource())
  // Read only when read (no high-water mark), as preferNodeSource requires.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        webBodyRead = true
        for await (const chunk of source) controller.enqueue(chunk as Buffer)
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(preferNodeSource(c, body, source), { headers: { 'content-type': 'application/octet-stream' } })
})

const server = createServer(getRequestListener(sendNodeSources(app.fetch, (error) => streamErrors.push(error))))
let url: string
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A stream of `count` chunks, then `end` (or an error). */
function chunks(count: number, end: Error | null = null): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent++ < count) this.push(CHUNK)
      else if (end) this.destroy(end)
      else this.push(null)
    },
  })
}

function get(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => httpRequest(`${url}/file`, resolve).on('error', reject).end())
}

describe('sendNodeSources', () => {
  it('pipes the Node stream under the headers every middleware set, never reading the web body', async () => {
    webBodyRead = false
    makeSource = () => chunks(20)
    const answer = await get()
    let received = 0
    for await (const chunk of answer) received += (chunk as Buffer).length
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-after-handler']).toBe('yes')
    expect(answer.headers['content-type']).toBe('application/octet-stream')
    expect(received).toBe(20 * CHUNK.length)
    expect(webBodyRead).toBe(false)
  })

  it('destroys the stream when the client leaves midway', async () => {
    makeSource = () => chunks(100_000)
    const answer = await get()
    await new Promise<void>((resolve) => answer.once('data', () => resolve()))
    answer.destroy()
    await new Promise<void>((resolve) => (lastSource!.destroyed ? resolve() : lastSource!.once('close', () => resolve())))
    expect(lastSource!.destroyed).toBe(true)
  })

  it('cuts the answer short when the stream fails midway, and reports the error', async () => {
    makeSource = () => chunks(5, new Error('disk gone'))
    const answer = await get()
    const received = new Promise<void>((resolve, reject) => {
      answer.on('data', () => {})
      answer.on('end', resolve)
      answer.on('error', reject)
    })
    await expect(received).rejects.toThrow()
    expect(streamErrors.map(String)).toContain('Error: disk gone')
  })

  it('answers in-process calls (no node:http response) with the web body', async () => {
    makeSource = () => chunks(3)
    const answer = await app.request('/file')
    expect(answer.headers.get('x-after-handler')).toBe('yes')
    expect((await answer.arrayBuffer()).byteLength).toBe(3 * CHUNK.length)
  })
})
