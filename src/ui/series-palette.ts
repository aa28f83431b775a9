/**
 * The colours of a chart's series, in order: the Okabe–Ito colours told apart with the common
 * colour-vision deficiencies (and a violet), each at least 3:1 against the card's background on
 * the light (#ffffff) and dark (#171a21) themes, as WCAG asks of graphics. A panel has at most 5
 * series, so each has its own.
 */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#785ef0'] as const

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!
}
