import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream, statSync } from 'node:fs'
import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream/promises'
import { cpuSecondsOf } from '../tests/support/storage-server.ts'

/**
 * The storage benchmark's node:http side (bench/storage.ts): a client that streams a file as a
 * one-part multipart form and a download into a file, without Web streams in between, and the
 * ceiling: a bare node:http server that pipes each upload's body into a file and answers a GET
 * with a file, what any upload or download over HTTP costs on this machine.
 */

/** POSTs `path` as the form's `file[]` part, streamed from disk; resolves the answer's body. */
export async function postFileForm(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const boundary = `----pulseboard-bench-${Date.now().toString(16)}`
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file[]"; filename="bench.bin"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = head.length + statSync(path).size + tail.length
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    })
    outgoing.on('response', resolve).on('error', reject)
    outgoing.write(head)
    pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), outgoing, { end: false }).then(() => outgoing.end(tail), reject)
  })
  const response = await answer
  const chunks: Buffer[] = []
  for await (const chunk of response) chunks.push(chunk as Buffer)
  return { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }
}

/** GETs `url` into the file at `path`; rejects on any status but 200. */
export async function downloadToFile(url: string, path: string, headers: Record<string, string>): Promise<void> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request(url, { headers }).on('response', resolve).on('error', reject).end()
  })
  if (response.statusCode !== 200) {
    response.resume()
    throw new Error(`download: ${response.statusCode}`)
  }
  await pipeline(response, createWriteStream(path))
}

/** The disk store's read size and write queue (backend/storage/disk-blob-store.ts), which the ceiling uses too. */
const CHUNK_BYTES = 1024 * 1024

/**
 * The ceiling, in a process of its own as the backend is (bench/storage-ceiling-process.ts): POST
 * streams the body into `uploadPath` and answers 201; GET streams `downloadPath` back with its
 * length; both with the disk store's 1 MiB reads and write queue.
 */
export async function startCeilingServer(
  uploadPath: string,
  downloadPath: string,
): Promise<{ url: string; cpuSeconds(): number; stop(): Promise<void> }> {
  const child = fork(new URL('./storage-ceiling-process.ts', import.meta.url).pathname, [uploadPath, downloadPath], {
    execArgv: ['--import', 'tsx'],
  })
  const kill = () => child.kill()
  process.on('exit', kill)
  const [ready] = (await once(child, 'message')) as [{ url: string }]
  return {
    url: ready.url,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    async stop() {
      child.kill()
      await once(child, 'exit')
      process.off('exit', kill)
    },
  }
}

/** The ceiling server itself (run by storage-ceiling-process.ts). */
export async function serveCeiling(uploadPath: string, downloadPath: string): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'POST') {
      pipeline(incoming, createWriteStream(uploadPath, { highWaterMark: CHUNK_BYTES })).then(
        () => outgoing.writeHead(201, { 'content-type': 'application/json' }).end('{}'),
        (error: Error) => outgoing.writeHead(500).end(error.message),
      )
      return
    }
    outgoing.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(statSync(downloadPath).size) })
    pipeline(createReadStream(downloadPath, { highWaterMark: CHUNK_BYTES }), outgoing).catch(() => outgoing.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}
