const COMPARATORS: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' }

/** "avg over 5 min > 10 ms, held 1 min" */
export function describeCondition(
  rule: { comparator: string; threshold: number; window_seconds: number; for_seconds?: number },
  unit = '',
): string {
  const held = rule.for_seconds ? `, held ${duration(rule.for_seconds)}` : ''
  return `avg over ${duration(rule.window_seconds)} ${COMPARATORS[rule.comparator] ?? rule.comparator} ${rule.threshold}${unit ? ` ${unit}` : ''}${held}`
}

export function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`
  if (seconds % 60 === 0) return `${seconds / 60} min`
  return `${seconds} s`
}

export const COMPARATOR_OPTIONS = Object.entries(COMPARATORS).map(([value, label]) => ({ value, label }))

/** A rule's badge: its state, "no data" for an empty window, "disabled" when off. */
export function ruleStateLabel(rule: { enabled: boolean; state: string }): string {
  if (!rule.enabled) return 'disabled'
  return rule.state === 'no_data' ? 'no data' : rule.state
}

/** Whether a rule's silence (its end time) is still on at `now`. */
export const isSilenced = (silencedUntil: string | null | undefined, now = Date.now()) =>
  silencedUntil !== null && silencedUntil !== undefined && Date.parse(silencedUntil) > now
