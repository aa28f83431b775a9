/** Bytes enough for every signature below and for the text check. */
export const SNIFF_BYTES = 512

const SIGNATURES: { type: string; at: number; bytes: number[] }[] = [
  { type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', at: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'application/pdf', at: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/zip', at: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/gzip', at: 0, bytes: [0x1f, 0x8b] },
  { type: 'application/x-msdownload', at: 0, bytes: [0x4d, 0x5a] },
  { type: 'application/x-executable', at: 0, bytes: [0x7f, 0x45, 0x4c, 0x46] },
]

/** Types whose bytes are recognisable: a client claiming one is believed only when they agree. */
const CHECKABLE = new Set([...SIGNATURES.map((s) => s.type), 'image/webp', 'image/avif'])

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream'])

/**
 * The MIME type a file is stored with. Nhost Storage sniffs the content type from the bytes; so
 * does this, from magic numbers: recognised bytes win over whatever the client said, so a
 * program sent as `image/png` cannot pass a bucket's image-only rule. Bytes with no signature
 * keep the client's specific type (`text/csv` is text either way), or, when the client sent none
 * or a generic one, become `text/plain` if they read as UTF-8 text.
 */
export function sniffMimeType(head: Buffer, claimed: string | undefined): string {
  const detected = detect(head)
  if (detected) return detected
  const type = (claimed ?? '').split(';')[0]!.trim().toLowerCase()
  if (CHECKABLE.has(type)) return 'application/octet-stream'
  if (!GENERIC.has(type)) return type
  return isText(head) ? 'text/plain' : 'application/octet-stream'
}

function detect(head: Buffer): string | undefined {
  for (const { type, at, bytes } of SIGNATURES) {
    if (bytes.every((byte, i) => head[at + i] === byte)) return type
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp'
  // ISO BMFF: `ftyp` box, major brand avif/avis.
  if (ascii(head, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(head, 8, 12))) return 'image/avif'
  return undefined
}

function ascii(head: Buffer, start: number, end: number): string {
  return head.length >= end ? head.toString('latin1', start, end) : ''
}

function isText(head: Buffer): boolean {
  if (head.length === 0) return false
  if (head.includes(0)) return false
  // A multi-byte character cut at the sniff boundary is still text.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head)
  const replaced = text.split('\uFFFD').length - 1
  return replaced <= 1 && replaced * 4 < head.length
}
