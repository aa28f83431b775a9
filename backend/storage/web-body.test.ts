import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { webBody } from './web-body.ts'

describe('webBody', () => {
  it('hands on the very chunks of the Node stream, without copying them', async () => {
    const chunks = [Buffer.alloc(1024, 1), Buffer.alloc(2048, 2)]
    // A byte stream, as a file's or a socket's (Readable.toWeb copies the chunks of those).
    const source = new Readable({ read() {} })
    for (const chunk of [...chunks, null]) source.push(chunk)
    const received: Uint8Array[] = []
    const reader = webBody(source).getReader()
    for (let next = await reader.read(); !next.done; next = await reader.read()) received.push(next.value)
    expect(received.length).toBe(2)
    expect(received[0]!.buffer).toBe(chunks[0]!.buffer)
    expect(received[1]!.buffer).toBe(chunks[1]!.buffer)
  })

  it('reads nothing before it is read, then one chunk per read, not the whole source', async () => {
    let pulled = 0
    const source = new Readable({
      highWaterMark: 1,
      read() {
        pulled++
        this.push(Buffer.alloc(1024))
      },
    })
    const body = webBody(source)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // node:http pipes the source itself and never reads this body: it must not have taken a chunk.
    expect(pulled).toBe(0)
    const reader = body.getReader()
    await reader.read()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(pulled).toBeLessThan(5)
    await reader.cancel()
    expect(source.destroyed).toBe(true)
  })

  it("fails the body with the source's error, and when the source is destroyed before its end", async () => {
    const failing = new Readable({ read() {} })
    const failed = webBody(failing).getReader().read()
    failing.destroy(new Error('disk gone'))
    await expect(failed).rejects.toThrow('disk gone')

    const cut = new Readable({ read() {} })
    const reader = webBody(cut).getReader()
    cut.push(Buffer.alloc(10))
    await reader.read()
    cut.destroy()
    await expect(reader.read()).rejects.toThrow('closed before its end')
  })
})
