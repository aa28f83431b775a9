/**
 * The dashboard grid's geometry: panels in their order, each `width` of 4 columns and `height`
 * rows, placed left to right and wrapped (the database keeps order, width and height; the
 * `panels_width_range` and `panels_height_range` rules bound them). Shared by the editable grid
 * and the read-only views so that both show the same layout.
 */

export const GRID_COLUMNS = 4
export const ROW_HEIGHT_PX = 60
export const GRID_GAP_PX = 16
/** Narrower than this (phones, 360 px) the panels stack in one column, in their order. */
export const ONE_COLUMN_BELOW_PX = 720
export const MIN_WIDTH = 1
export const MAX_WIDTH = GRID_COLUMNS
export const MIN_HEIGHT = 3
export const MAX_HEIGHT = 12

/** The chart of a panel at its usual 4 rows; a card's header and value line take the rest. */
const CHART_PX_AT_4_ROWS = 180

/** The chart's height in a panel `height` rows tall: each row more (or less) adds (or takes) a row and its gap. */
export function chartHeightPx(height: number): number {
  return CHART_PX_AT_4_ROWS + (height - 4) * (ROW_HEIGHT_PX + GRID_GAP_PX)
}

export interface PanelSize {
  id: string
  width: number
  height: number
}

/** A panel's cell in grid units (react-grid-layout's item shape). */
export interface GridCell {
  i: string
  x: number
  y: number
  w: number
  h: number
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * Cells for panels in order: each goes right of the one before when it fits in the row, else
 * starts a new row under the tallest of the row before. With one column they stack.
 */
export function flowLayout(panels: readonly PanelSize[], columns: number = GRID_COLUMNS): GridCell[] {
  const cells: GridCell[] = []
  let x = 0
  let rowTop = 0
  let rowBottom = 0
  for (const panel of panels) {
    const w = clamp(panel.width, MIN_WIDTH, columns)
    if (x + w > columns) {
      x = 0
      rowTop = rowBottom
    }
    const h = clamp(panel.height, MIN_HEIGHT, MAX_HEIGHT)
    cells.push({ i: panel.id, x, y: rowTop, w, h })
    rowBottom = Math.max(rowBottom, rowTop + h)
    x += w
  }
  return cells
}

/** Panels in reading order of their cells (top to bottom, then left to right), with their sizes. */
export function orderFromCells(cells: readonly GridCell[]): PanelSize[] {
  return [...cells].sort((a, b) => a.y - b.y || a.x - b.x).map((cell) => ({ id: cell.i, width: cell.w, height: cell.h }))
}

export interface PanelPlacement extends PanelSize {
  position: number
}

/**
 * What to save: the panels (in their new order) whose position, width or height differs from
 * before. Positions become 0…n-1, which also settles duplicates left by concurrent edits.
 */
export function changedPlacements(before: readonly PanelPlacement[], after: readonly PanelSize[]): PanelPlacement[] {
  const old = new Map(before.map((panel) => [panel.id, panel]))
  return after
    .map((panel, position) => ({ ...panel, position }))
    .filter((panel) => {
      const was = old.get(panel.id)
      return !was || was.position !== panel.position || was.width !== panel.width || was.height !== panel.height
    })
}

/** The order after moving the panel at `index` by one place. */
export function movePanel<T>(panels: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...panels]
  const target = index + by
  if (target < 0 || target >= next.length) return next
  ;[next[index], next[target]] = [next[target]!, next[index]!]
  return next
}

/** The panel one column wider or narrower, or one row taller or shorter, within the bounds. */
export function resizePanel<T extends PanelSize>(panel: T, axis: 'width' | 'height', by: -1 | 1): T {
  const [min, max] = axis === 'width' ? [MIN_WIDTH, MAX_WIDTH] : [MIN_HEIGHT, MAX_HEIGHT]
  return { ...panel, [axis]: clamp(panel[axis] + by, min, max) }
}
