/**
 * A stat panel's thresholds (panels.thresholds): up to 5 steps, ascending by value, each with one
 * of a fixed set of colour names; the database checks the same shape (panels_thresholds_valid).
 */
export const THRESHOLD_COLOURS = ['green', 'blue', 'yellow', 'orange', 'red', 'purple'] as const
export type ThresholdColour = (typeof THRESHOLD_COLOURS)[number]
export const MAX_THRESHOLDS = 5

export interface ThresholdStep {
  value: number
  colour: ThresholdColour
}

const isColour = (value: unknown): value is ThresholdColour => THRESHOLD_COLOURS.includes(value as ThresholdColour)

/** The steps of a panel's `thresholds` jsonb, as the API answers it (anything else reads as none). */
export function readThresholds(json: unknown): ThresholdStep[] {
  if (!Array.isArray(json)) return []
  return json.flatMap((step: unknown) => {
    if (typeof step !== 'object' || step === null) return []
    const { value, colour } = step as Record<string, unknown>
    return typeof value === 'number' && isColour(colour) ? [{ value, colour }] : []
  })
}

/** The highest step the value reaches (value ≥ step), or none: the stat keeps its base colour. */
export function reachedStep(value: number | null | undefined, steps: readonly ThresholdStep[]): ThresholdStep | undefined {
  if (value === null || value === undefined) return undefined
  return steps.filter((step) => value >= step.value).at(-1)
}

/** Why a list of steps would be refused, in the words of the panel form; undefined when it is fine. */
export function thresholdsProblem(steps: readonly { value: string; colour: string }[]): string | undefined {
  if (steps.length > MAX_THRESHOLDS) return `At most ${MAX_THRESHOLDS} thresholds.`
  const values = steps.map((step) => Number(step.value))
  if (steps.some((step, i) => step.value.trim() === '' || !Number.isFinite(values[i]))) return 'Each threshold needs a number.'
  if (values.some((value, i) => i > 0 && value <= values[i - 1]!)) return 'Each threshold is above the one before.'
  return undefined
}
