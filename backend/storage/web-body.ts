import type { Readable } from 'node:stream'

/**
 * A Node stream as a web response body, its chunks handed on as they are. `Readable.toWeb`
 * copies every chunk (Node 20) and a download spent as much time in that copy as in reading the
 * file. Backpressure as `toWeb`'s: the source pauses while a chunk waits unread, and resumes when
 * the consumer pulls; cancelling (a client gone) destroys the source, whose file or socket closes.
 */
export function webBody(source: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.pause()
        source.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk)
          if ((controller.desiredSize ?? 0) <= 0) source.pause()
        })
        source.once('end', () => controller.close())
        source.once('error', (error) => controller.error(error))
        // Destroyed before its end without an error (no 'end' comes): the body is cut short.
        source.once('close', () => {
          if (!source.readableEnded && !source.errored) controller.error(new Error('the stream closed before its end'))
        })
      },
      pull() {
        source.resume()
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined)
      },
    },
    // One chunk read ahead of the socket: reading the next overlaps writing this one.
    { highWaterMark: 1 },
  )
}
