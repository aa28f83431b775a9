/** SPEC §5 checks of a chosen CSV file before uploading (the server checks them again). */
export const MAX_IMPORT_BYTES = 20_000_000

export function checkCsvFile(file: File | undefined): string | null {
  if (!file) return 'Choose a CSV file.'
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return 'Choose a CSV file (.csv).'
  if (file.size > MAX_IMPORT_BYTES) return 'The file is larger than 20 MB.'
  if (file.size === 0) return 'The file is empty.'
  return null
}
