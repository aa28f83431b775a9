import { describe, expect, it } from 'vitest'
import { MAX_IMAGE_DIMENSION, parseImageOptions } from './image-options.ts'
import { StorageError } from './storage-error.ts'

function refusal(query: Record<string, string>, mimeType = 'image/png'): string {
  try {
    parseImageOptions(query, mimeType, undefined)
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).status).toBe(400)
    return (error as StorageError).message
  }
  throw new Error(`${JSON.stringify(query)} was accepted`)
}

describe('parseImageOptions', () => {
  it('asks for nothing when no parameter has a value, whatever the file', () => {
    expect(parseImageOptions({}, 'application/pdf', undefined)).toBeUndefined()
    expect(parseImageOptions({ w: '', f: '', other: '1' }, 'text/plain', undefined)).toBeUndefined()
  })

  it('reads size, quality and blur, keeping the source format', () => {
    expect(parseImageOptions({ w: '200', h: '100', q: '80', b: '2' }, 'image/jpeg', undefined)).toEqual({
      width: 200,
      height: 100,
      quality: 80,
      blur: 2,
      format: 'jpeg',
      negotiated: false,
    })
  })

  it("raises a small blur to sharp's least sigma and drops a zero blur", () => {
    expect(parseImageOptions({ b: '0.1' }, 'image/png', undefined)?.blur).toBe(0.3)
    expect(parseImageOptions({ b: '0' }, 'image/png', undefined)).toEqual({ format: 'png', negotiated: false })
  })

  it('refuses files that are not JPEG, PNG, WebP or AVIF', () => {
    expect(refusal({ w: '10' }, 'image/gif')).toBe("image manipulation features are not supported for 'image/gif'")
  })

  it('refuses sizes and qualities out of range or not whole', () => {
    expect(refusal({ w: '0' })).toBe(`w must be a whole number between 1 and ${MAX_IMAGE_DIMENSION}`)
    expect(refusal({ h: String(MAX_IMAGE_DIMENSION + 1) })).toBe(`h must be a whole number between 1 and ${MAX_IMAGE_DIMENSION}`)
    expect(refusal({ w: '10.5' })).toMatch(/^w must be a whole number/)
    expect(refusal({ w: 'abc' })).toMatch(/^w must be a whole number/)
    expect(refusal({ q: '101' })).toBe('q must be a whole number between 1 and 100')
    expect(refusal({ b: '-1' })).toBe('b must be a number between 0 and 100')
    expect(refusal({ b: 'Infinity' })).toBe('b must be a number between 0 and 100')
    expect(parseImageOptions({ w: String(MAX_IMAGE_DIMENSION) }, 'image/png', undefined)?.width).toBe(MAX_IMAGE_DIMENSION)
  })

  it('converts to a named format, keeps the source for `same`, refuses others', () => {
    expect(parseImageOptions({ f: 'webp' }, 'image/png', undefined)?.format).toBe('webp')
    expect(parseImageOptions({ f: 'same' }, 'image/avif', undefined)?.format).toBe('avif')
    expect(refusal({ f: 'gif' })).toBe('format must be one of: same, webp, png, jpeg, avif, auto. Got: gif')
    expect(refusal({ f: 'toString' })).toMatch(/^format must be one of/)
    expect(refusal({ f: '__proto__' })).toMatch(/^format must be one of/)
  })

  it('f=auto: the first of avif, webp, jpeg, png that Accept names, else the source, and marks the answer negotiated', () => {
    const auto = (accept: string | undefined) => parseImageOptions({ f: 'auto' }, 'image/png', accept)
    expect(auto('image/webp,image/avif;q=0.9,*/*')).toEqual({ format: 'avif', negotiated: true })
    expect(auto('text/html, image/webp ;q=0.8')).toEqual({ format: 'webp', negotiated: true })
    expect(auto('image/jpeg')).toEqual({ format: 'jpeg', negotiated: true })
    expect(auto('*/*')).toEqual({ format: 'png', negotiated: true })
    expect(auto(undefined)).toEqual({ format: 'png', negotiated: true })
  })
})
