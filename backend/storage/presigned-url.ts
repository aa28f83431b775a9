import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { StorageError } from './storage-error.ts'

/**
 * Signatures for presigned download URLs. Hosted Nhost hands out S3's presigned query
 * (`X-Amz-Signature`…); the embedded store signs `<file id>:<expiry>` with an HMAC-SHA256 key
 * derived from the admin secret, so a URL names one file until one instant, and anyone holding
 * the admin secret (another instance of the backend) can check it.
 */
export class PresignedUrls {
  private readonly key: Buffer

  constructor(adminSecret: string) {
    this.key = createHash('sha256').update(`pulseboard storage presigned urls\0${adminSecret}`).digest()
  }

  /** The query string of a URL for `fileId` that stays valid `seconds` from `now`. */
  sign(fileId: string, seconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + seconds
    return new URLSearchParams({ expires: String(expires), signature: this.mac(fileId, expires) }).toString()
  }

  /** Throws 403 unless `query` is an unexpired signature this key made for `fileId`. */
  verify(fileId: string, query: Record<string, string>, now = Date.now()): void {
    const expires = Number(query.expires)
    const signature = query.signature ?? ''
    if (!Number.isInteger(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw new StorageError(403, 'invalid or missing signature')
    const expected = Buffer.from(this.mac(fileId, expires))
    if (!timingSafeEqual(expected, Buffer.from(signature))) throw new StorageError(403, 'signature does not match')
    if (Math.floor(now / 1000) > expires) throw new StorageError(403, 'signature already expired')
  }

  private mac(fileId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${fileId}:${expires}`).digest('base64url')
  }
}
