import { lazy, Suspense, useState } from 'react'
import type { PanelFieldsFragment } from '../../../gql/graphql.ts'
import type { TimeRangeId } from '../../../lib/time-range.ts'
import { PanelGrid } from '../../../panels/panel-grid.tsx'
import { EmptyState, ErrorMessage } from '../../../ui/states.tsx'
import { usePanelEdits } from '../use-panel-edits.ts'
import { PanelEditToolbar } from './panel-edit-toolbar.tsx'

// The drag-and-resize library loads with edit mode only (bench/RESULTS.md, bundle-size).
const ArrangeablePanelGrid = lazy(() => import('./arrangeable-panel-grid.tsx'))

export interface DashboardGridProps {
  panels: readonly PanelFieldsFragment[]
  rangeId: TimeRangeId
  /** Edit mode: panels are dragged and resized, and each card shows its edit toolbar. */
  editing: boolean
  writable: boolean
}

/**
 * A member's view of the dashboard's panels, with annotations. In edit mode panels are dragged and
 * resized, and each card has its edit toolbar (the keyboard's way to do the same).
 */
export function DashboardGrid({ panels, rangeId, editing, writable }: DashboardGridProps) {
  const edits = usePanelEdits(panels)
  // Once edit mode has loaded the arrangeable grid it stays, read-only after editing: switching
  // grids would mount every panel again, and each would load its series anew.
  const [arrangeable, setArrangeable] = useState(false)
  if (editing && !arrangeable) setArrangeable(true)
  const readOnly = <PanelGrid panels={panels} rangeId={rangeId} showAnnotations />
  return (
    <>
      {edits.error ? <ErrorMessage error={edits.error} /> : null}
      {panels.length === 0 ? (
        <EmptyState title="No panels yet">{writable ? 'Choose “Edit panels” to add one.' : 'An editor can add panels.'}</EmptyState>
      ) : arrangeable ? (
        <Suspense fallback={readOnly}>
          <ArrangeablePanelGrid
            panels={panels}
            rangeId={rangeId}
            onArrange={editing ? (layout) => void edits.saveLayout(layout) : undefined}
            actions={(panel, index) =>
              editing ? (
                <PanelEditToolbar
                  label={panel.title || panel.metric.name}
                  first={index === 0}
                  last={index === panels.length - 1}
                  width={panel.width}
                  height={panel.height}
                  onMove={(by) => void edits.move(index, by)}
                  onResize={(axis, by) => void edits.resize(index, axis, by)}
                  onRemove={() => edits.remove(panel)}
                />
              ) : null
            }
          />
        </Suspense>
      ) : (
        readOnly
      )}
    </>
  )
}
