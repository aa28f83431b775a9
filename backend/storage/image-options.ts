import { StorageError } from './storage-error.ts'

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif'

export interface ImageOptions {
  width?: number
  height?: number
  quality?: number
  blur?: number
  /** The output format; the source's own when no `f` was asked for. */
  format: ImageFormat
  /** `f=auto`: the answer depends on `Accept` (sent with `Vary: Accept`). */
  negotiated: boolean
}

/** Larger outputs cost memory and CPU out of proportion to any screen they could be for. */
export const MAX_IMAGE_DIMENSION = 4096

const FORMATS: Record<string, ImageFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' }
export const FORMAT_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}

/**
 * hasura-storage's image parameters (`getImageManipulationOptions`, controller/get_file.go):
 * `w`, `h` (fit inside, aspect kept), `q` (1–100), `b` (blur sigma), `f` (same, jpeg, png, webp,
 * avif, or auto: the first of avif, webp, jpeg, png the `Accept` header names). Undefined when the
 * query asks for no transformation; 400 for a file that is not JPEG, PNG, WebP or AVIF.
 */
export function parseImageOptions(query: Record<string, string>, mimeType: string, accept: string | undefined): ImageOptions | undefined {
  const { w, h, q, b, f } = query
  if ([w, h, q, b, f].every((value) => value === undefined || value === '')) return undefined
  const source = FORMATS[mimeType]
  if (!source) throw new StorageError(400, `image manipulation features are not supported for '${mimeType}'`)
  const options: ImageOptions = { format: source, negotiated: false }
  const width = integer('w', w, 1, MAX_IMAGE_DIMENSION)
  const height = integer('h', h, 1, MAX_IMAGE_DIMENSION)
  const quality = integer('q', q, 1, 100)
  if (width !== undefined) options.width = width
  if (height !== undefined) options.height = height
  if (quality !== undefined) options.quality = quality
  if (b !== undefined && b !== '') {
    const blur = Number(b)
    if (!Number.isFinite(blur) || blur < 0 || blur > 100) throw new StorageError(400, 'b must be a number between 0 and 100')
    // sharp's smallest sigma is 0.3; 0 means no blur.
    if (blur > 0) options.blur = Math.max(0.3, blur)
  }
  if (f === 'auto') {
    options.negotiated = true
    const accepted = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim())
    options.format = (['avif', 'webp', 'jpeg', 'png'] as const).find((format) => accepted.includes(FORMAT_MIME_TYPES[format])) ?? source
  } else if (f !== undefined && f !== '' && f !== 'same') {
    // Own keys only: `f=toString` is `in` every object.
    if (!Object.hasOwn(FORMAT_MIME_TYPES, f))
      throw new StorageError(400, `format must be one of: same, webp, png, jpeg, avif, auto. Got: ${f}`)
    options.format = f as ImageFormat
  }
  return options
}

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StorageError(400, `${name} must be a whole number between ${min} and ${max}`)
  }
  return value
}
