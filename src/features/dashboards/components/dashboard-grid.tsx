import { lazy, Suspense } from 'react'
import type { PanelFieldsFragment } from '../../../gql/graphql.ts'
import type { ViewRange } from '../../../lib/time-range.ts'
import { PanelGrid } from '../../../panels/panel-grid.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { usePanelEdits } from '../use-panel-edits.ts'
import { PanelEditToolbar } from './panel-edit-toolbar.tsx'
import { PanelSettingsEditor } from './panel-settings-editor.tsx'

// The drag-and-resize library loads for editors only, after the page (bench/RESULTS.md, bundle-size).
const ArrangeablePanelGrid = lazy(() => import('./arrangeable-panel-grid.tsx'))

export interface DashboardGridProps {
  panels: readonly PanelFieldsFragment[]
  range: ViewRange
  /** A drag across a chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** Edit mode: panels are dragged and resized, and each card shows its edit toolbar. */
  editing: boolean
  writable: boolean
}

/**
 * A member's view of the dashboard's panels, with annotations: read-only for viewers; for editors
 * the arrangeable grid, where in edit mode panels are dragged and resized and each card has its
 * edit toolbar (the keyboard's way to do the same) and its series and thresholds editor.
 */
export function DashboardGrid({ panels, range, onSelectRange, editing, writable }: DashboardGridProps) {
  const edits = usePanelEdits(panels)
  // An editor's panels stay in the arrangeable grid in and out of edit mode, and none shows before
  // it loads: moving a panel from one grid to the other mounts it anew (in Chromium a stat panel
  // so remounted was seen to stay "Loading…"; not yet explained).
  return (
    <>
      {edits.error ? <ErrorMessage error={edits.error} /> : null}
      {panels.length === 0 ? (
        <EmptyState title="No panels yet">{writable ? 'Choose “Edit panels” to add one.' : 'An editor can add panels.'}</EmptyState>
      ) : writable ? (
        <Suspense fallback={<Loading label="Loading panels…" />}>
          <ArrangeablePanelGrid
            panels={panels}
            range={range}
            onSelectRange={onSelectRange}
            onArrange={editing ? (layout) => void edits.saveLayout(layout) : undefined}
            actions={(panel, index) =>
              editing ? (
                <>
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
                  <PanelSettingsEditor panel={panel} />
                </>
              ) : null
            }
          />
        </Suspense>
      ) : (
        <PanelGrid panels={panels} range={range} onSelectRange={onSelectRange} showAnnotations />
      )}
    </>
  )
}
