import type { ReactNode } from 'react'
import GridLayout, { noCompactor, useContainerWidth, type Layout } from 'react-grid-layout'
import 'react-grid-layout/css/styles.css'
import type { PanelFieldsFragment } from '../gql/graphql.ts'
import type { TimeRangeId } from '../lib/time-range.ts'
import { PanelCard } from './panel-card.tsx'
import { GRID_COLUMNS, MAX_HEIGHT, MIN_HEIGHT, ROW_HEIGHT_PX, flowLayout, orderFromCells, type PanelSize } from './panel-layout.ts'

/** Below this width (phones, 360 px) the panels stack in one column, as they are ordered. */
const ONE_COLUMN_BELOW_PX = 720
const GAP_PX = 16

export interface PanelGridProps {
  panels: readonly PanelFieldsFragment[]
  rangeId: TimeRangeId
  showAnnotations?: boolean
  /** Controls shown on each card, given its place in the grid (the dashboard's edit toolbar). */
  actions?: (panel: PanelFieldsFragment, index: number) => ReactNode
  /**
   * Makes the grid editable: panels are dragged by their header and resized by their corner, and
   * this receives the new order and sizes when a drag or a resize ends. Without it the grid is
   * read-only (viewers, the public view).
   */
  onArrange?: (layout: PanelSize[]) => void
}

/** A dashboard's panels as cards in their order, each as wide and as tall as its panel says. */
export function PanelGrid({ panels, rangeId, showAnnotations = false, actions, onArrange }: PanelGridProps) {
  const { width, containerRef } = useContainerWidth()
  const columns = width < ONE_COLUMN_BELOW_PX ? 1 : GRID_COLUMNS
  // Arranging needs the columns the layout is saved in; a stacked column only shows it.
  const arranging = onArrange !== undefined && columns === GRID_COLUMNS
  const layout: Layout = flowLayout(panels, columns).map((cell) => ({ ...cell, minH: MIN_HEIGHT, maxH: MAX_HEIGHT }))
  const arranged = (next: Layout) => onArrange?.(orderFromCells(next))

  return (
    <div ref={containerRef} className="panel-grid" data-testid="panel-grid">
      <GridLayout
        width={width}
        layout={layout}
        // The layout is the panels' order, flowed: compacting upwards would show another order
        // than the one saved (a short panel rising beside a tall one).
        compactor={noCompactor}
        gridConfig={{ cols: columns, rowHeight: ROW_HEIGHT_PX, margin: [GAP_PX, GAP_PX], containerPadding: [0, 0] }}
        dragConfig={{ enabled: arranging, handle: '.panel-header', cancel: 'button' }}
        resizeConfig={{ enabled: arranging, handles: ['se'] }}
        onDragStop={arranged}
        onResizeStop={arranged}
      >
        {panels.map((panel, index) => (
          <div key={panel.id} className="panel-grid-cell">
            <PanelCard panel={panel} rangeId={rangeId} showAnnotations={showAnnotations} actions={actions?.(panel, index)} />
          </div>
        ))}
      </GridLayout>
    </div>
  )
}
