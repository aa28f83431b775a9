import { describe, expect, it } from 'vitest'
import { assertFileId, isUuid, StorageError, storageErrorResponse } from './storage-error.ts'

const id = '8f3c3a8e-8c38-4a43-9b6d-0c1f2b7a9d11'

describe('StorageError', () => {
  it("answers in Nhost Storage's shape, the message again in X-Error", () => {
    const error = new StorageError(413, 'file too big', { maxSize: 10 })
    expect(error.status).toBe(413)
    expect(error.body()).toEqual({ error: { message: 'file too big', data: { maxSize: 10 } } })
    expect(error.headers()).toEqual({ 'X-Error': 'file too big' })
    expect(new StorageError(404, 'file not found').body()).toEqual({ error: { message: 'file not found' } })
  })

  it('keeps X-Error a valid header value whatever file name the message quotes', () => {
    const error = new StorageError(400, 'bad name "résumé\r\nSet-Cookie: x"')
    expect(error.headers()['X-Error']).toBe('bad name "r?sum???Set-Cookie: x"')
    expect(() => new Headers(error.headers())).not.toThrow()
  })
})

describe('storageErrorResponse', () => {
  it('sends the status, the JSON body with the extra fields beside the error, and X-Error', async () => {
    const response = storageErrorResponse(new StorageError(403, 'you are not authorized'), { processedFiles: [] })
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('x-error')).toBe('you are not authorized')
    expect(await response.json()).toEqual({ processedFiles: [], error: { message: 'you are not authorized' } })
  })
})

describe('file ids', () => {
  it('takes a UUID in any case and refuses anything else as a missing file', () => {
    expect(assertFileId(id)).toBe(id)
    expect(assertFileId(id.toUpperCase())).toBe(id.toUpperCase())
    for (const notAnId of ['', 'x', `${id}x`, `${id.slice(0, -1)}g`, `../${id}`, id.replaceAll('-', '')]) {
      expect(() => assertFileId(notAnId), notAnId).toThrow(expect.objectContaining({ status: 404, message: 'file not found' }))
      expect(isUuid(notAnId), notAnId).toBe(false)
    }
    expect(isUuid(id)).toBe(true)
    expect(isUuid(42)).toBe(false)
  })
})
