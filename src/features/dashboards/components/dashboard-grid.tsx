import type { PanelFieldsFragment } from '../../../gql/graphql.ts'
import type { TimeRangeId } from '../../../lib/time-range.ts'
import { PanelGrid } from '../../../panels/panel-grid.tsx'
import { EmptyState, ErrorMessage } from '../../../ui/states.tsx'
import { usePanelEdits } from '../use-panel-edits.ts'
import { PanelEditToolbar } from './panel-edit-toolbar.tsx'

export interface DashboardGridProps {
  panels: readonly PanelFieldsFragment[]
  rangeId: TimeRangeId
  /** Edit mode: each card shows its edit toolbar. */
  editing: boolean
  writable: boolean
}

/**
 * A member's view of the dashboard's panels, with annotations. In edit mode panels are dragged and
 * resized, and each card has its edit toolbar (the keyboard's way to do the same).
 */
export function DashboardGrid({ panels, rangeId, editing, writable }: DashboardGridProps) {
  const edits = usePanelEdits(panels)
  return (
    <>
      {edits.error ? <ErrorMessage error={edits.error} /> : null}
      {panels.length === 0 ? (
        <EmptyState title="No panels yet">{writable ? 'Choose “Edit panels” to add one.' : 'An editor can add panels.'}</EmptyState>
      ) : (
        <PanelGrid
          panels={panels}
          rangeId={rangeId}
          showAnnotations
          onArrange={editing ? (layout) => void edits.saveLayout(layout) : undefined}
          actions={
            editing
              ? (panel, index) => (
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
                )
              : undefined
          }
        />
      )}
    </>
  )
}
