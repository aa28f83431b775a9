import type { Readable } from 'node:stream'

/**
 * A Node stream as a web response body, its chunks handed on as they are. `Readable.toWeb`
 * copies every chunk (Node 20) and a download spent as much time in that copy as in reading the
 * file. Nothing is read until the body is: node:http writes a download straight from `source`
 * (lib/node-response-body.ts) and never reads this body, which must then leave `source` alone.
 * Each read resumes the source for one chunk; cancelling (a client gone) destroys the source,
 * whose file or socket closes.
 */
export function webBody(source: Readable): ReadableStream<Uint8Array> {
  let listening = false
  return new ReadableStream<Uint8Array>(
    {
      // Listening for the end and errors reads nothing (and keeps an error from going unheard).
      start(controller) {
        source.once('end', () => controller.close())
        source.once('error', (error) => controller.error(error))
        // Destroyed before its end without an error (no 'end' comes): the body is cut short.
        source.once('close', () => {
          if (!source.readableEnded && !source.errored) controller.error(new Error('the stream closed before its end'))
        })
      },
      pull(controller) {
        if (!listening) {
          listening = true
          source.pause()
          source.on('data', (chunk: Buffer) => {
            controller.enqueue(chunk)
            if ((controller.desiredSize ?? 0) <= 0) source.pause()
          })
        }
        source.resume()
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined)
      },
    },
    // No read ahead: a pull comes only with a read, never when the body is made.
    { highWaterMark: 0 },
  )
}
