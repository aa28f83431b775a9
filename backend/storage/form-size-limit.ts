import { Transform, type TransformCallback } from 'node:stream'
import { StorageError } from './storage-error.ts'

/**
 * Counts a multipart body as it passes and fails it past `max` bytes: 413 with the Storage error
 * shape. `max` starts at what a form's fields may take and is raised once the bucket is known,
 * so neither a chunked body nor parts the form ignores can go on without end.
 */
export class FormSizeLimit extends Transform {
  private size = 0

  constructor(private max: number) {
    super()
  }

  raise(max: number): void {
    this.max = Math.max(this.max, max)
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length
    if (this.size > this.max) {
      callback(formTooLarge(this.max))
      return
    }
    callback(null, chunk)
  }
}

export function formTooLarge(max: number): StorageError {
  return new StorageError(413, `request body too large: at most ${max} bytes for this upload`, { maxSize: max })
}
