/**
 * Which files each storage bucket takes, checked before uploading. The buckets' rules are insert
 * permissions on storage.files (nhost/metadata, `mime_type` per `bucket_id`); a file they refuse
 * gets Nhost Storage's plain 403 "you are not authorized", the same as a member without the
 * right, so the app says what is wrong before it sends the file. Storage records the type it reads
 * from the file's first bytes, not the name's: so does this check.
 */
export type UploadBucket = 'avatars' | 'attachments' | 'imports'

const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

/** The MIME types each bucket's insert permission allows (a test compares them with the metadata). */
export const BUCKET_FILE_TYPES: Record<UploadBucket, string[]> = {
  avatars: IMAGES,
  attachments: [...IMAGES, 'image/avif', 'application/pdf'],
  imports: ['text/csv'],
}

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/zip': 'ZIP archive',
  'application/gzip': 'gzip archive',
  'application/x-msdownload': 'Windows program',
  'application/x-executable': 'program',
}

/** Signatures Storage recognises (backend/storage/sniff-mime-type.ts): recognised bytes decide the type. */
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

const HEAD_BYTES = 16

/** The type the file's first bytes show, or null when they match no signature (text, say). */
async function typeFromContent(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
  for (const { type, at, bytes } of SIGNATURES) {
    if (bytes.every((byte, i) => head[at + i] === byte)) return type
  }
  const ascii = (start: number, end: number) => (head.length >= end ? String.fromCharCode(...head.subarray(start, end)) : '')
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif'
  return null
}

const listOf = (types: string[]) => types.map((type) => TYPE_NAMES[type] ?? type).join(', ')

/**
 * Null when `bucket` takes the file, else what is wrong: the types the bucket takes and the type
 * the file has. Images and PDFs must show their signature; a CSV must show none (it is text).
 */
export async function checkUploadType(bucket: UploadBucket, file: File): Promise<string | null> {
  const allowed = BUCKET_FILE_TYPES[bucket]
  const detected = await typeFromContent(file)
  if (detected ? allowed.includes(detected) : allowed.includes('text/csv')) return null
  const found = detected ? `is a ${TYPE_NAMES[detected] ?? detected} file` : 'is none of them by its content'
  return `This type of file is not accepted here: this field takes ${listOf(allowed)} files, and "${file.name}" ${found}.`
}
