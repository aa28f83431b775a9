import { describe, expect, it } from 'vitest'
import { checkConditionals } from './check-conditionals.ts'
import { checkFileName } from './file-name.ts'
import { parseByteRange } from './parse-byte-range.ts'
import { PresignedUrls } from './presigned-url.ts'
import { sniffMimeType } from './sniff-mime-type.ts'

describe('parseByteRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=95-200', { start: 95, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-3', undefined],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
  ] as const)('%s of 100 bytes → %j', (header, expected) => {
    expect(parseByteRange(header, 100)).toEqual(expected)
  })
})

describe('checkConditionals', () => {
  const updated = new Date('2026-01-02T03:04:05.678Z')
  const etag = '"abc"'
  it.each([
    [{}, 200],
    [{ ifMatch: '"abc"' }, 200],
    [{ ifMatch: '"x", W/"abc"' }, 200],
    [{ ifMatch: '"x"' }, 412],
    [{ ifMatch: '*' }, 200],
    [{ ifNoneMatch: '"abc"' }, 304],
    [{ ifNoneMatch: '"x"' }, 200],
    [{ ifModifiedSince: 'Fri, 02 Jan 2026 03:04:05 GMT' }, 304],
    [{ ifModifiedSince: 'Fri, 02 Jan 2026 03:04:04 GMT' }, 200],
    [{ ifUnmodifiedSince: 'Fri, 02 Jan 2026 03:04:05 GMT' }, 200],
    [{ ifUnmodifiedSince: 'Fri, 02 Jan 2026 03:04:04 GMT' }, 412],
  ] as const)('%j → %i', (headers, expected) => {
    expect(checkConditionals(etag, updated, headers)).toBe(expected)
  })

  it("refuses an unreadable date with Nhost's message", () => {
    expect(() => checkConditionals(etag, updated, { ifModifiedSince: 'yesterday-ish' })).toThrow("couldn't parse date")
  })
})

describe('sniffMimeType', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])
  it.each([
    [png, 'text/csv', 'image/png'],
    [png, undefined, 'image/png'],
    [Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'application/octet-stream', 'image/webp'],
    [Buffer.from('\0\0\0\x1cftypavif'), undefined, 'image/avif'],
    [Buffer.from('%PDF-1.7'), undefined, 'application/pdf'],
    [Buffer.from('MZ\x90\0'), 'image/png', 'application/x-msdownload'],
    [Buffer.from('just some words'), 'image/png', 'application/octet-stream'],
    [Buffer.from('a,b\n1,2\n'), 'text/csv', 'text/csv'],
    [Buffer.from('a,b\n1,2\n'), 'application/octet-stream', 'text/plain'],
    [Buffer.from([0, 1, 2, 3]), undefined, 'application/octet-stream'],
    [Buffer.from('été'), 'Text/CSV; charset=utf-8', 'text/csv'],
  ] as const)('%j claimed as %s → %s', (head, claimed, expected) => {
    expect(sniffMimeType(head, claimed)).toBe(expected)
  })
})

describe('PresignedUrls', () => {
  const urls = new PresignedUrls('secret')
  const id = '8f3c3a8e-8c38-4a43-9b6d-0c1f2b7a9d11'
  const query = (text: string) => Object.fromEntries(new URLSearchParams(text))

  it('accepts its own signature until it expires', () => {
    const signed = query(urls.sign(id, 30, 1_000_000))
    expect(() => urls.verify(id, signed, 1_000_000 + 30_000)).not.toThrow()
    expect(() => urls.verify(id, signed, 1_000_000 + 31_000)).toThrow('signature already expired')
  })

  it('refuses another file, a longer life, another key and a missing signature', () => {
    const signed = query(urls.sign(id, 30, 1_000_000))
    expect(() => urls.verify('00000000-0000-0000-0000-000000000000', signed, 1_000_000)).toThrow('signature does not match')
    expect(() => urls.verify(id, { ...signed, expires: String(Number(signed.expires) + 3600) }, 1_000_000)).toThrow(
      'signature does not match',
    )
    expect(() => new PresignedUrls('other').verify(id, signed, 1_000_000)).toThrow('signature does not match')
    expect(() => urls.verify(id, {}, 1_000_000)).toThrow('invalid or missing signature')
  })
})

describe('checkFileName', () => {
  it.each(['a.png', '../../etc/passwd', 'été "x" ; y.csv', 'é'.repeat(512), 'n'.repeat(1024)])('keeps %j', (name) => {
    expect(checkFileName(name)).toBe(name)
  })

  it.each([
    ['n'.repeat(1025), 'file name too long: 1025 bytes, at most 1024'],
    ['é'.repeat(513), 'file name too long: 1026 bytes, at most 1024'],
    ['a\u0000b', 'file name must not contain control characters'],
    ['a\r\nb', 'file name must not contain control characters'],
    ['a\u007fb', 'file name must not contain control characters'],
  ])('refuses %j with 400', (name, message) => {
    expect(() => checkFileName(name)).toThrow(message)
  })
})
