import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { StorageError } from './storage-error.ts'
import { UNCHECKED_BYTES, UploadMeter } from './upload-meter.ts'

/** A sink that counts what reaches it. */
function counter(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      sink.bytes += chunk.length
      callback()
    },
  }) as Writable & { bytes: number }
  sink.bytes = 0
  return sink
}

const chunks = (count: number, size: number) => Readable.from(Array.from({ length: count }, () => Buffer.alloc(size, 1)))

describe('UploadMeter before the bucket is known', () => {
  it('passes the unchecked bytes, holds the rest until the limit arrives, then lets it all through', async () => {
    const meter = new UploadMeter('a.bin')
    const sink = counter()
    const done = pipeline(chunks(40, 16 * 1024), meter, sink)
    for (let i = 0; i < 20; i++) await nextTurn()
    // Held: past the unchecked bytes by at most one chunk, far below the 640 KiB sent.
    expect(sink.bytes).toBeLessThanOrEqual(UNCHECKED_BYTES + 16 * 1024)
    expect(meter.size).toBeLessThan(40 * 16 * 1024)
    meter.limit(1_000_000)
    await done
    expect(sink.bytes).toBe(40 * 16 * 1024)
  })

  it('fails with 413 when the limit, once known, is below what already passed', async () => {
    const meter = new UploadMeter('a.bin')
    const done = pipeline(chunks(40, 16 * 1024), meter, counter())
    for (let i = 0; i < 20; i++) await nextTurn()
    meter.limit(100_000)
    const error = await done.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).status).toBe(413)
  })
})
