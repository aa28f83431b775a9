export interface AlertRuleInput {
  name: string
  threshold: string
  windowSeconds: string
  forSeconds: string
}

export type AlertRuleErrors = Partial<Record<keyof AlertRuleInput, string>>

/** SPEC §5, mirrored from the database's CHECK constraints for immediate feedback. */
export function validateAlertRule(input: AlertRuleInput): AlertRuleErrors {
  const errors: AlertRuleErrors = {}
  const name = input.name.trim()
  if (name.length < 1 || name.length > 80) errors.name = 'The name needs 1 to 80 characters.'
  if (input.threshold.trim() === '' || !Number.isFinite(Number(input.threshold)))
    errors.threshold = 'The threshold must be a finite number.'
  const window = Number(input.windowSeconds)
  if (!Number.isInteger(window) || window < 10 || window > 86_400) errors.windowSeconds = 'The window is 10 to 86,400 seconds.'
  const held = Number(input.forSeconds)
  if (input.forSeconds.trim() === '' || !Number.isInteger(held) || held < 0 || held > 86_400)
    errors.forSeconds = 'The hold time is 0 to 86,400 seconds.'
  return errors
}
