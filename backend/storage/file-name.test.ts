import { describe, expect, it } from 'vitest'
import { checkFileName, MAX_FILE_NAME_BYTES } from './file-name.ts'
import { StorageError } from './storage-error.ts'

function refusal(name: string): StorageError {
  try {
    checkFileName(name)
  } catch (error) {
    if (error instanceof StorageError) return error
    throw error
  }
  throw new Error(`${JSON.stringify(name)} was accepted`)
}

describe('checkFileName', () => {
  it('keeps ordinary names, unicode and path-like text as they are', () => {
    for (const name of ['report.pdf', 'Über café ☕.png', '../../etc/passwd', 'a\\b', ' spaced ']) {
      expect(checkFileName(name)).toBe(name)
    }
  })

  it('counts the limit in UTF-8 bytes, not characters', () => {
    expect(checkFileName('a'.repeat(MAX_FILE_NAME_BYTES))).toHaveLength(MAX_FILE_NAME_BYTES)
    // 342 three-byte characters: 1,026 bytes in 342 characters.
    const error = refusal('€'.repeat(342))
    expect(error.status).toBe(400)
    expect(error.data).toEqual({ size: 1026, maxSize: MAX_FILE_NAME_BYTES })
    expect(refusal('a'.repeat(MAX_FILE_NAME_BYTES + 1)).message).toBe('file name too long: 1025 bytes, at most 1024')
  })

  it('refuses NUL, line breaks, tabs and DEL', () => {
    for (const name of ['a\u0000b', 'a\nb', 'a\r\nContent-Type: text/html', 'a\tb', 'a\u007fb']) {
      const error = refusal(name)
      expect(error.status).toBe(400)
      expect(error.message).toBe('file name must not contain control characters')
    }
  })
})
