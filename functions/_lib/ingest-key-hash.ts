import { createHash, randomBytes } from 'node:crypto'

/** Ingest keys (SPEC §3): `pb_` and 32 random bytes in base64url; stored as SHA-256 hex. */
export const INGEST_KEY_PREFIX_LENGTH = 11

export function newIngestKey(): string {
  return `pb_${randomBytes(32).toString('base64url')}`
}

export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}
