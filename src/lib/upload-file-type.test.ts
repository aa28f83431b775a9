import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { BUCKET_FILE_TYPES, checkUploadType } from './upload-file-type.ts'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const PDF = new TextEncoder().encode('%PDF-1.7\n')
const CSV = 'ts,value\n2026-11-25T01:00:00Z,21.5\n'

describe('checkUploadType', () => {
  it('takes what each bucket allows, by content', async () => {
    expect(await checkUploadType('avatars', new File([PNG], 'me.png', { type: 'image/png' }))).toBeNull()
    expect(await checkUploadType('attachments', new File([PDF], 'report.pdf', { type: 'application/pdf' }))).toBeNull()
    expect(await checkUploadType('imports', new File([CSV], 'rows.csv', { type: 'text/csv' }))).toBeNull()
  })

  it('names the types the bucket takes and the type the file has, not permissions', async () => {
    expect(await checkUploadType('imports', new File([PNG], 'rows.csv', { type: 'text/csv' }))).toBe(
      'This type of file is not accepted here: this field takes CSV files, and "rows.csv" is a PNG file.',
    )
    expect(await checkUploadType('avatars', new File([PDF], 'me.pdf', { type: 'application/pdf' }))).toBe(
      'This type of file is not accepted here: this field takes PNG, JPEG, WebP, GIF files, and "me.pdf" is a PDF file.',
    )
  })

  it('goes by the bytes, as Storage does, not by the name or the declared type', async () => {
    expect(await checkUploadType('avatars', new File(['hello'], 'me.png', { type: 'image/png' }))).toBe(
      'This type of file is not accepted here: this field takes PNG, JPEG, WebP, GIF files, and "me.png" is none of them by its content.',
    )
  })
})

describe('BUCKET_FILE_TYPES', () => {
  it("lists the types of each bucket's insert permission on storage.files", () => {
    const metadata = parse(
      readFileSync(new URL('../../nhost/metadata/databases/default/tables/storage_files.yaml', import.meta.url), 'utf8'),
    ) as {
      insert_permissions: {
        role: string
        permission: { check: { _or: { _and: Record<string, Record<string, string | string[]>>[] }[] } }
      }[]
    }
    const check = metadata.insert_permissions.find((p) => p.role === 'user')!.permission.check
    const fromMetadata = Object.fromEntries(
      check._or.map(({ _and }) => {
        const bucket = _and.find((rule) => rule.bucket_id)!.bucket_id!._eq as string
        const types = _and.find((rule) => rule.mime_type)!.mime_type!
        return [bucket, [types._in ?? types._eq].flat()]
      }),
    )
    expect(BUCKET_FILE_TYPES).toEqual(fromMetadata)
  })
})
