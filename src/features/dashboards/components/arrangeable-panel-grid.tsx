import type { ReactNode } from 'react'
import GridLayout, { noCompactor, useContainerWidth, type Layout } from 'react-grid-layout'
import 'react-grid-layout/css/styles.css'
import type { PanelFieldsFragment } from '../../../gql/graphql.ts'
import type { ViewRange } from '../../../lib/time-range.ts'
import { PanelCard } from '../../../panels/panel-card.tsx'
import {
  GRID_COLUMNS,
  GRID_GAP_PX,
  MAX_HEIGHT,
  MIN_HEIGHT,
  ONE_COLUMN_BELOW_PX,
  ROW_HEIGHT_PX,
  flowLayout,
  orderFromCells,
  type PanelSize,
} from '../../../panels/panel-layout.ts'

export interface ArrangeablePanelGridProps {
  panels: readonly PanelFieldsFragment[]
  range: ViewRange
  /** A drag across a chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** The edit toolbar of each card, given its place in the grid. */
  actions: (panel: PanelFieldsFragment, index: number) => ReactNode
  /** The new order and sizes when a drag or a resize ends; without it the grid only shows. */
  onArrange: ((layout: PanelSize[]) => void) | undefined
}

/**
 * The dashboard grid of edit mode (react-grid-layout, loaded with edit mode only): panels are
 * dragged by their header and resized by their corner, over the same flowed layout the read-only
 * grid shows. Stacked in one column, or without `onArrange`, it only shows: the toolbars arrange there.
 */
export default function ArrangeablePanelGrid({ panels, range, onSelectRange, actions, onArrange }: ArrangeablePanelGridProps) {
  // Measured before the grid renders: a first render at the library's default 1280 px would be
  // corrected a frame later, and would re-render every panel at the new width.
  const { width, mounted, containerRef } = useContainerWidth({ measureBeforeMount: true })
  const columns = width < ONE_COLUMN_BELOW_PX ? 1 : GRID_COLUMNS
  const arranging = onArrange !== undefined && columns === GRID_COLUMNS
  const layout: Layout = flowLayout(panels, columns).map((cell) => ({ ...cell, minH: MIN_HEIGHT, maxH: MAX_HEIGHT }))
  const arranged = (next: Layout) => onArrange?.(orderFromCells(next))

  return (
    <div ref={containerRef} className={arranging ? 'panel-grid arranging' : 'panel-grid'} data-testid="panel-grid">
      {mounted ? (
        <GridLayout
          width={width}
          layout={layout}
          // The layout is the panels' order, flowed: compacting upwards would show another order
          // than the one saved (a short panel rising beside a tall one).
          compactor={noCompactor}
          gridConfig={{ cols: columns, rowHeight: ROW_HEIGHT_PX, margin: [GRID_GAP_PX, GRID_GAP_PX], containerPadding: [0, 0] }}
          dragConfig={{ enabled: arranging, handle: '.panel-header', cancel: 'button' }}
          resizeConfig={{ enabled: arranging, handles: ['se'] }}
          onDragStop={arranged}
          onResizeStop={arranged}
        >
          {panels.map((panel, index) => (
            <div key={panel.id} className="panel-grid-cell">
              <PanelCard panel={panel} range={range} onSelectRange={onSelectRange} showAnnotations actions={actions(panel, index)} />
            </div>
          ))}
        </GridLayout>
      ) : null}
    </div>
  )
}
