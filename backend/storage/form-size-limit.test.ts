import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { FormSizeLimit } from './form-size-limit.ts'

/** Pushes `chunks` through `limit`; `between` runs once the first chunk is taken, before the next is made. */
async function pass(limit: FormSizeLimit, chunks: string[], between?: () => void): Promise<string> {
  async function* body() {
    for (const [i, chunk] of chunks.entries()) {
      if (i === 1) between?.()
      yield Buffer.from(chunk)
    }
  }
  let received = ''
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      received += chunk.toString()
      callback()
    },
  })
  await pipeline(Readable.from(body()), limit, sink)
  return received
}

describe('FormSizeLimit', () => {
  it('passes a body of exactly the limit unchanged', async () => {
    expect(await pass(new FormSizeLimit(10), ['abcd', 'efghij'])).toBe('abcdefghij')
  })

  it('fails the body one byte past the limit with 413 and the limit as data', async () => {
    await expect(pass(new FormSizeLimit(10), ['abcd', 'efghijk'])).rejects.toMatchObject({
      status: 413,
      message: 'request body too large: at most 10 bytes for this upload',
      data: { maxSize: 10 },
    })
  })

  it('lets the body go on once the limit is raised, counting what already passed', async () => {
    const limit = new FormSizeLimit(4)
    expect(await pass(limit, ['abcd', 'efgh'], () => limit.raise(8))).toBe('abcdefgh')
    const again = new FormSizeLimit(4)
    await expect(pass(again, ['abcd', 'efgh', 'i'], () => again.raise(8))).rejects.toMatchObject({ status: 413, data: { maxSize: 8 } })
  })

  it('never lowers the limit', async () => {
    const limit = new FormSizeLimit(10)
    limit.raise(2)
    expect(await pass(limit, ['abcdefghij'])).toBe('abcdefghij')
  })
})
