import { describe, expect, it } from 'vitest'
import { sniffMimeType } from './sniff-mime-type.ts'

const bytes = (...values: number[]) => Buffer.from(values)
const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)
const elf = bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0)
const webp = Buffer.concat([Buffer.from('RIFF'), bytes(0x24, 0, 0, 0), Buffer.from('WEBPVP8 ')])
const avif = Buffer.concat([bytes(0, 0, 0, 0x1c), Buffer.from('ftypavif'), bytes(0, 0, 0, 0)])

describe('sniffMimeType', () => {
  it('believes the bytes over the client', () => {
    expect(sniffMimeType(png, 'text/plain')).toBe('image/png')
    expect(sniffMimeType(elf, 'image/png')).toBe('application/x-executable')
    expect(sniffMimeType(bytes(0x4d, 0x5a, 0x90, 0), undefined)).toBe('application/x-msdownload')
    expect(sniffMimeType(webp, undefined)).toBe('image/webp')
    expect(sniffMimeType(avif, 'application/octet-stream')).toBe('image/avif')
    expect(sniffMimeType(Buffer.from('%PDF-1.7\n'), 'text/plain')).toBe('application/pdf')
  })

  it('does not believe a recognisable type the bytes do not show', () => {
    expect(sniffMimeType(Buffer.from('plain words'), 'image/png')).toBe('application/octet-stream')
    expect(sniffMimeType(Buffer.from('plain words'), 'IMAGE/WEBP; charset=x')).toBe('application/octet-stream')
    // Too short for the RIFF/WEBP check: not taken for WebP.
    expect(sniffMimeType(Buffer.from('RIFF'), 'image/webp')).toBe('application/octet-stream')
  })

  it('keeps a specific type the bytes cannot contradict, lower-cased and without parameters', () => {
    expect(sniffMimeType(Buffer.from('a,b\n1,2\n'), 'Text/CSV; charset=utf-8')).toBe('text/csv')
    expect(sniffMimeType(bytes(0, 1, 2, 3), 'application/x-custom')).toBe('application/x-custom')
  })

  it('with no or a generic type: text/plain for UTF-8 text, octet-stream otherwise', () => {
    expect(sniffMimeType(Buffer.from('héllo wörld\n'), undefined)).toBe('text/plain')
    expect(sniffMimeType(Buffer.from('hello'), 'binary/octet-stream')).toBe('text/plain')
    expect(sniffMimeType(Buffer.from('hello\u0000world'), '')).toBe('application/octet-stream')
    expect(sniffMimeType(Buffer.alloc(0), undefined)).toBe('application/octet-stream')
    expect(sniffMimeType(bytes(0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xff), undefined)).toBe('application/octet-stream')
  })

  it('still reads text whose last character is cut at the sniff boundary', () => {
    const text = Buffer.from('a'.repeat(40) + '€')
    expect(sniffMimeType(text.subarray(0, text.length - 1), undefined)).toBe('text/plain')
  })
})
