import type { ReactNode } from 'react'
import type { PanelFieldsFragment } from '../gql/graphql.ts'
import type { ViewRange } from '../lib/time-range.ts'
import { PanelCard } from './panel-card.tsx'

export interface PanelGridProps {
  panels: readonly PanelFieldsFragment[]
  range: ViewRange
  /** A drag across a chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  showAnnotations?: boolean
  /** Controls shown on each card, given its place in the grid (the dashboard's edit toolbar). */
  actions?: (panel: PanelFieldsFragment, index: number) => ReactNode
}

/** A dashboard's panels as cards, in their order, each as wide as its panel says. */
export function PanelGrid({ panels, range, onSelectRange, showAnnotations = false, actions }: PanelGridProps) {
  return (
    <div className="grid" data-testid="panel-grid">
      {panels.map((panel, index) => (
        <PanelCard
          key={panel.id}
          panel={panel}
          range={range}
          onSelectRange={onSelectRange}
          showAnnotations={showAnnotations}
          actions={actions?.(panel, index)}
        />
      ))}
    </div>
  )
}
