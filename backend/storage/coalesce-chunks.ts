import { Transform, type TransformCallback } from 'node:stream'

/**
 * Joins the small chunks a socket delivers (64 KiB at most) into chunks of at least `size`
 * bytes, the last one whatever remains: a file written in 1 MiB writes takes a sixteenth of the
 * thread-pool round trips, each of which can cost a trip through the scheduler on a busy machine.
 * Holds less than `size` bytes beyond the chunk being joined.
 */
export class CoalesceChunks extends Transform {
  private chunks: Buffer[] = []
  private length = 0

  constructor(private readonly size: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.chunks.push(chunk)
    this.length += chunk.length
    if (this.length >= this.size) callback(null, this.joinHeld())
    else callback()
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.length > 0 ? this.joinHeld() : undefined)
  }

  private joinHeld(): Buffer {
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length)
    this.chunks = []
    this.length = 0
    return joined
  }
}
