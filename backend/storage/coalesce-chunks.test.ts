import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { CoalesceChunks } from './coalesce-chunks.ts'

/** The sizes of the chunks that reach the end of `source → CoalesceChunks(size)`, and their bytes. */
async function coalesced(source: Buffer[], size: number): Promise<{ sizes: number[]; bytes: Buffer }> {
  const received: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      received.push(chunk)
      callback()
    },
  })
  await pipeline(Readable.from(source), new CoalesceChunks(size), sink)
  return { sizes: received.map((chunk) => chunk.length), bytes: Buffer.concat(received) }
}

describe('CoalesceChunks', () => {
  it('joins 64 KiB chunks into chunks of the size asked for, the rest last, every byte in order', async () => {
    const source = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i))
    const { sizes, bytes } = await coalesced(source, 1024 * 1024)
    expect(sizes).toEqual([1024 * 1024, 1024 * 1024, 8 * 64 * 1024])
    expect(bytes.equals(Buffer.concat(source))).toBe(true)
  })

  it('passes a chunk already as large as the size on as it is, and an empty stream as nothing', async () => {
    expect((await coalesced([Buffer.alloc(3000, 1), Buffer.alloc(10, 2)], 1000)).sizes).toEqual([3000, 10])
    expect((await coalesced([], 1000)).sizes).toEqual([])
  })
})
