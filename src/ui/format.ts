/** Numbers and times as the app shows them. */
const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })

export function formatValue(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined) return '—'
  const text = Math.abs(value) >= 1e6 || (Math.abs(value) < 1e-3 && value !== 0) ? value.toExponential(2) : number.format(value)
  return unit ? `${text} ${unit}` : text
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return 'never'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString()
}
