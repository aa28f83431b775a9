import { describe, expect, it } from 'vitest'
import { checkConditionals } from './check-conditionals.ts'
import { StorageError } from './storage-error.ts'

const etag = '"5d41402abc4b2a76b9719d911017c592"'
// The row keeps milliseconds; HTTP dates have whole seconds.
const updatedAt = new Date('2026-03-10T12:00:00.750Z')
const atChange = 'Tue, 10 Mar 2026 12:00:00 GMT'
const secondBefore = 'Tue, 10 Mar 2026 11:59:59 GMT'

describe('checkConditionals', () => {
  it('answers 200 with no conditional header', () => {
    expect(checkConditionals(etag, updatedAt, {})).toBe(200)
  })

  it('If-None-Match: 304 for the ETag, alone, in a list, weak, or *; 200 for others', () => {
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: etag })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: `"other", ${etag} ,"third"` })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: `W/${etag}` })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: '*' })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: '"other", W/"third"' })).toBe(200)
    // Quotes are part of the tag: the bare value names another one.
    expect(checkConditionals(etag, updatedAt, { ifNoneMatch: etag.slice(1, -1) })).toBe(200)
  })

  it('If-Match: 412 unless the list names the ETag or is *', () => {
    expect(checkConditionals(etag, updatedAt, { ifMatch: '"other"' })).toBe(412)
    expect(checkConditionals(etag, updatedAt, { ifMatch: `"other", ${etag}` })).toBe(200)
    expect(checkConditionals(etag, updatedAt, { ifMatch: '*' })).toBe(200)
  })

  it('If-Modified-Since: 304 at or after the last change (to the second), 200 before it', () => {
    expect(checkConditionals(etag, updatedAt, { ifModifiedSince: atChange })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifModifiedSince: 'Wed, 11 Mar 2026 00:00:00 GMT' })).toBe(304)
    expect(checkConditionals(etag, updatedAt, { ifModifiedSince: secondBefore })).toBe(200)
  })

  it('If-Unmodified-Since: 412 when changed after the date, 200 at it', () => {
    expect(checkConditionals(etag, updatedAt, { ifUnmodifiedSince: secondBefore })).toBe(412)
    expect(checkConditionals(etag, updatedAt, { ifUnmodifiedSince: atChange })).toBe(200)
  })

  it('checks the preconditions (412) before the cache validators (304)', () => {
    expect(checkConditionals(etag, updatedAt, { ifMatch: '"other"', ifNoneMatch: etag })).toBe(412)
    expect(checkConditionals(etag, updatedAt, { ifUnmodifiedSince: secondBefore, ifModifiedSince: atChange })).toBe(412)
  })

  it('answers 400 for a date it cannot read', () => {
    const call = () => checkConditionals(etag, updatedAt, { ifModifiedSince: 'yesterday' })
    expect(call).toThrow(StorageError)
    expect(call).toThrow("couldn't parse date")
    try {
      call()
    } catch (error) {
      expect((error as StorageError).status).toBe(400)
    }
  })
})
