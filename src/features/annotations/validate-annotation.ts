/** SPEC §5 checks of an annotation before sending (the server checks them again). */
export const MAX_ATTACHMENT_BYTES = 10_000_000
const ATTACHMENT_TYPES = /^(image\/(png|jpeg|webp|gif|avif)|application\/pdf)$/

export interface AnnotationFormErrors {
  text?: string
  file?: string
}

export function validateAnnotation(text: string, file: File | undefined): AnnotationFormErrors {
  const errors: AnnotationFormErrors = {}
  const length = text.trim().length
  if (length < 1 || length > 500) errors.text = 'The text needs 1 to 500 characters.'
  if (file && !ATTACHMENT_TYPES.test(file.type)) errors.file = 'Attach an image (PNG, JPEG, WebP, GIF, AVIF) or a PDF.'
  else if (file && file.size > MAX_ATTACHMENT_BYTES) errors.file = 'The file is larger than 10 MB.'
  return errors
}
