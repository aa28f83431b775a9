import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sniffMimeType } from '../../backend/storage/sniff-mime-type.ts'
import { BUCKET_FILE_TYPES, checkUploadType, type UploadBucket } from '../../src/lib/upload-file-type.ts'

/**
 * The web app checks a file's type before uploading (src/lib/upload-file-type.ts) with its own
 * copy of Storage's signatures, since it may not import the backend. Both must agree: the app
 * refuses exactly the files Storage would store with a type the bucket's permission refuses.
 */
const ascii = (text: string) => Buffer.from(text, 'latin1')
const heads: [string, Buffer, string][] = [
  ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
  ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/jpeg'],
  ['GIF', ascii('GIF89a\x01\x00'), 'image/gif'],
  ['WebP', ascii('RIFF\x24\x00\x00\x00WEBPVP8 '), 'image/webp'],
  ['AVIF', ascii('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00'), 'image/avif'],
  ['PDF', ascii('%PDF-1.7\n'), 'application/pdf'],
  ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]), 'application/zip'],
  ['gzip', Buffer.from([0x1f, 0x8b, 8, 0]), 'application/gzip'],
  ['Windows program', ascii('MZ\x90\x00\x03\x00'), 'image/png'],
  ['ELF program', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]), 'image/png'],
  ['CSV', ascii('ts,value\n2026-11-25T01:00:00Z,21.5\n'), 'text/csv'],
  ['text named .png', ascii('hello'), 'image/png'],
  ['random bytes', randomBytes(64), 'application/octet-stream'],
]

describe('the web app and Storage agree on which files a bucket takes', () => {
  for (const bucket of Object.keys(BUCKET_FILE_TYPES) as UploadBucket[]) {
    it.each(heads)(`${bucket}: %s`, async (_name, head, claimed) => {
      // The CSV import sends its file as text/csv whatever the browser called it
      // (src/features/imports/components/csv-import-section.tsx); the other fields send it as is.
      const sent = bucket === 'imports' ? 'text/csv' : claimed
      const stored = sniffMimeType(head, sent)
      const appAccepts = (await checkUploadType(bucket, new File([new Uint8Array(head)], 'file', { type: sent }))) === null
      expect({ stored, appAccepts }).toEqual({ stored, appAccepts: BUCKET_FILE_TYPES[bucket].includes(stored) })
    })
  }
})
