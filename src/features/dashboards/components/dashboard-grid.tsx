import type { PanelFieldsFragment } from '../../../gql/graphql.ts'
import type { ViewRange } from '../../../lib/time-range.ts'
import { PanelGrid } from '../../../panels/panel-grid.tsx'
import { EmptyState, ErrorMessage } from '../../../ui/states.tsx'
import { usePanelEdits } from '../use-panel-edits.ts'
import { PanelEditToolbar } from './panel-edit-toolbar.tsx'
import { PanelSettingsEditor } from './panel-settings-editor.tsx'

export interface DashboardGridProps {
  panels: readonly PanelFieldsFragment[]
  range: ViewRange
  /** A drag across a chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** Edit mode: each card shows its edit toolbar. */
  editing: boolean
  writable: boolean
}

/** A member's view of the dashboard's panels, with annotations, and their edit toolbars in edit mode. */
export function DashboardGrid({ panels, range, onSelectRange, editing, writable }: DashboardGridProps) {
  const edits = usePanelEdits(panels)
  return (
    <>
      {edits.error ? <ErrorMessage error={edits.error} /> : null}
      {panels.length === 0 ? (
        <EmptyState title="No panels yet">{writable ? 'Choose “Edit panels” to add one.' : 'An editor can add panels.'}</EmptyState>
      ) : (
        <PanelGrid
          panels={panels}
          range={range}
          onSelectRange={onSelectRange}
          showAnnotations
          actions={
            editing
              ? (panel, index) => (
                  <>
                    <PanelEditToolbar
                      label={panel.title || panel.metric.name}
                      first={index === 0}
                      last={index === panels.length - 1}
                      width={panel.width}
                      onMove={(by) => void edits.move(index, by)}
                      onResize={(by) => void edits.resize(panel, by)}
                      onRemove={() => edits.remove(panel)}
                    />
                    <PanelSettingsEditor panel={panel} />
                  </>
                )
              : undefined
          }
        />
      )}
    </>
  )
}
