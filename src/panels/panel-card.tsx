import type { ReactNode } from 'react'
import type { PanelFieldsFragment } from '../gql/graphql.ts'
import { ErrorBoundary } from '../ui/error-boundary.tsx'
import { Panel } from './panel.tsx'
import type { ViewRange } from '../lib/time-range.ts'

export interface PanelCardProps {
  panel: PanelFieldsFragment
  range: ViewRange
  /** A drag across the chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** Members see annotations on line panels; a share session reads none. */
  showAnnotations?: boolean
  /** Shown between the header and the chart (the dashboard's edit toolbar). */
  actions?: ReactNode
}

/** A panel as a card of the grid: its title, aggregation and metric key, then its live view. */
export function PanelCard({ panel, range, onSelectRange, showAnnotations = false, actions }: PanelCardProps) {
  const title = panel.title || panel.metric.name
  return (
    <section className="card panel" aria-label={title} data-testid="panel">
      <div className="panel-header">
        <h3>{title}</h3>
        <span className="muted">
          {panel.aggregation} · {panel.metric.key}
        </span>
      </div>
      {actions}
      <ErrorBoundary region={`panel ${panel.id}`}>
        <Panel panel={panel} range={range} onSelectRange={onSelectRange} showAnnotations={showAnnotations} />
      </ErrorBoundary>
    </section>
  )
}
