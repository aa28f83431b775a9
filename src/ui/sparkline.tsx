/** A tiny inline SVG line of recent values (no axes): cheap enough for hundreds in one table. */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 28,
}: {
  values: readonly number[]
  label: string
  width?: number
  height?: number
}) {
  if (values.length < 2)
    return (
      <span className="muted" aria-label={`${label}: not enough points`}>
        —
      </span>
    )
  const min = Math.min(...values)
  const span = Math.max(...values) - min || 1
  const path = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * (width - 2) + 1).toFixed(1)},${(height - 1 - ((v - min) / span) * (height - 2)).toFixed(1)}`,
    )
    .join(' ')
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label}: trend of the last hour`}
    >
      <polyline points={path} fill="none" stroke="#2563eb" strokeWidth="1.5" />
    </svg>
  )
}
