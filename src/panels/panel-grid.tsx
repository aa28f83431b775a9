import type { CSSProperties } from 'react'
import type { PanelFieldsFragment } from '../gql/graphql.ts'
import type { ViewRange } from '../lib/time-range.ts'
import { PanelCard } from './panel-card.tsx'
import { flowLayout } from './panel-layout.ts'

export interface PanelGridProps {
  panels: readonly PanelFieldsFragment[]
  range: ViewRange
  /** A drag across a chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  showAnnotations?: boolean
}

/**
 * A dashboard's panels as cards, read-only, each in its cell of the flowed layout (a CSS grid of
 * 4 columns and 60 px rows, so no layout library loads for viewers or the public view). Narrower
 * than 720 px the cards stack in one column, in their order (styles.css).
 */
export function PanelGrid({ panels, range, onSelectRange, showAnnotations = false }: PanelGridProps) {
  const cells = flowLayout(panels)
  return (
    <div className="panel-grid-frame">
      <div className="panel-grid-static" data-testid="panel-grid">
        {panels.map((panel, index) => {
          const cell = cells[index]!
          const place = { '--x': cell.x + 1, '--y': cell.y + 1, '--w': cell.w, '--h': cell.h } as CSSProperties
          return (
            <div key={panel.id} className="panel-grid-cell" style={place}>
              <PanelCard panel={panel} range={range} onSelectRange={onSelectRange} showAnnotations={showAnnotations} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
