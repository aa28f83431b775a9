import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDiskBlobStore } from './disk-blob-store.ts'

let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'disk-blob-store-'))
})

afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

const staged = () => readdirSync(join(root, 'staging'))

describe('openDiskBlobStore', () => {
  it('commits staged bytes under a key and reads them back whole or by range', async () => {
    const blobs = openDiskBlobStore(root)
    const blob = await blobs.stage(Readable.from([Buffer.from('hello '), Buffer.from('world')]))
    await blob.commit('abc-1')
    expect(staged()).toEqual([])
    expect(await blobs.stat('abc-1')).toEqual({ size: 11 })
    const whole = await blobs.read('abc-1')
    expect(Buffer.concat(await whole!.toArray()).toString()).toBe('hello world')
    const part = await blobs.read('abc-1', { start: 6, end: 10 })
    expect(Buffer.concat(await part!.toArray()).toString()).toBe('world')
  })

  it('leaves nothing in staging when the source fails, even before its file has been opened', async () => {
    const blobs = openDiskBlobStore(root)
    // A source that fails at once races the opening of its staging file. Staging must not reject
    // until the file is gone; removing it while the open is still in the thread pool would let the
    // open create it afterwards, for good. Chains in parallel keep the pool busy, which is when
    // the removal overtakes the open (a few times in 4,800 here before the fix).
    const failOnce = async (): Promise<void> => {
      const source = new PassThrough()
      const staging = blobs.stage(source)
      source.destroy(new Error('the client left'))
      await expect(staging).rejects.toThrow('the client left')
    }
    const chain = async (): Promise<void> => {
      for (let i = 0; i < 300; i++) await failOnce()
    }
    await Promise.all(Array.from({ length: 16 }, chain))
    // Any open still in flight lands within this pause.
    await sleep(200)
    expect(staged()).toEqual([])
  }, 30_000)

  it('discards staged bytes, and a discard after a commit leaves the committed blob', async () => {
    const blobs = openDiskBlobStore(root)
    const dropped = await blobs.stage(Readable.from([Buffer.from('x')]))
    await dropped.discard()
    const kept = await blobs.stage(Readable.from([Buffer.from('y')]))
    await kept.commit('kept')
    await kept.discard()
    expect(staged()).toEqual([])
    expect(await blobs.stat('kept')).toEqual({ size: 1 })
  })
})
