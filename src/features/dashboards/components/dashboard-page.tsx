import { useSubscription } from '@apollo/client/react'
import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { DashboardDocument } from '../../../gql/graphql.ts'
import { catalogueError, toAppError } from '../../../lib/error-catalogue.ts'
import { isUuid } from '../../../lib/is-uuid.ts'
import { useKioskSeconds } from '../../../lib/kiosk.ts'
import { useViewRange } from '../../../lib/custom-range.ts'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { RangePicker } from '../../../ui/range-picker.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'
import { AddPanelForm } from './add-panel-form.tsx'
import { DashboardActions } from './dashboard-actions.tsx'
import { DashboardGrid } from './dashboard-grid.tsx'
import { DashboardSettingsForm } from './dashboard-settings-form.tsx'
import { KioskCycle } from './kiosk-cycle.tsx'

const MAX_PANELS = 24

export interface DashboardPageProps {
  /** The owner's sharing control for the dashboard (from the sharing feature, composed by the route). */
  shareControl?: (dashboardId: string) => ReactNode
}

/**
 * `/w/:slug/dashboards/:id`: the live panel grid, its time range (a preset or an absolute range,
 * kept in the URL; a drag across a chart zooms to it) and edit mode.
 * The page holds no clock: each panel slides its own window and moves its own chart. In kiosk
 * mode (`?kiosk`) it offers no editing and moves on to the next dashboard by itself.
 */
export function DashboardPage({ shareControl }: DashboardPageProps) {
  const workspace = useWorkspaceRef()
  const { id = '' } = useParams()
  const { range, setRange, selectRange } = useViewRange()
  const [editingAsked, setEditing] = useState(false)
  const kioskSeconds = useKioskSeconds()
  const kiosk = kioskSeconds !== null

  const validId = isUuid(id)
  const { data, loading, error } = useSubscription(DashboardDocument, { variables: { id }, skip: !validId })

  if (validId && error && !data) return <ErrorMessage error={toAppError(error)} />
  if (validId && loading && !data) return <Loading label="Loading dashboard…" />
  const dashboard = data?.dashboards_by_pk
  if (!dashboard || dashboard.workspace_id !== workspace.id) {
    return (
      <ErrorMessage error={catalogueError('not-found')}>
        <Link to={`/w/${workspace.slug}`}>Workspace home</Link>
      </ErrorMessage>
    )
  }
  const panels = dashboard.panels
  const writable = canWrite(workspace) && !kiosk
  const editing = editingAsked && writable
  const nextPosition = panels.reduce((max, p) => Math.max(max, p.position + 1), panels.length)

  return (
    <div className="page">
      <header className="page-header">
        <h1>{dashboard.title}</h1>
        <div className="toolbar">
          <RangePicker value={range} onChange={setRange} />
          {writable ? (
            <button type="button" aria-pressed={editing} onClick={() => setEditing(!editing)} data-testid="edit-dashboard">
              {editing ? 'Done editing' : 'Edit panels'}
            </button>
          ) : null}
          {!kiosk ? <DashboardActions dashboard={dashboard} workspaceSlug={workspace.slug} writable={writable} /> : null}
          {workspace.role === 'owner' && !kiosk ? shareControl?.(dashboard.id) : null}
          {kiosk ? <KioskCycle dashboardId={dashboard.id} seconds={kioskSeconds} /> : null}
        </div>
      </header>
      {dashboard.description ? <p className="muted">{dashboard.description}</p> : null}
      {editing ? (
        <DashboardSettingsForm
          dashboard={{ id: dashboard.id, title: dashboard.title, description: dashboard.description ?? '' }}
          workspaceSlug={workspace.slug}
        />
      ) : null}
      <DashboardGrid panels={panels} range={range} onSelectRange={selectRange} editing={editing} writable={writable} />
      {editing ? (
        <ErrorBoundary region="add panel">
          <AddPanelForm dashboardId={dashboard.id} nextPosition={nextPosition} full={panels.length >= MAX_PANELS} />
        </ErrorBoundary>
      ) : null}
    </div>
  )
}
