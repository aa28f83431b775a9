import { useMutation, useSubscription } from '@apollo/client/react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import {
  DashboardDocument,
  RemovePanelDocument,
  SetPanelWidthDocument,
  SwapPanelsDocument,
  type PanelFieldsFragment,
} from '../../../gql/graphql.ts'
import { catalogueError, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { isUuid } from '../../../lib/is-uuid.ts'
import { isTimeRangeId, seriesWindow, useMinuteClock, useSecondClock, type TimeRangeId } from '../../../lib/time-range.ts'
import { DashboardSettingsForm } from './dashboard-settings-form.tsx'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { RangePicker } from '../../../ui/range-picker.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { ShareDialog } from '../../sharing/components/share-dialog.tsx'
import { AddPanelForm } from './add-panel-form.tsx'
import { Panel } from './panel.tsx'

const MAX_PANELS = 24

/** `/w/:slug/dashboards/:id`: the live panel grid, its time range (kept in the URL) and edit mode. */
export function DashboardPage() {
  const workspace = useWorkspaceRef()
  const { id = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  const range = search.get('range')
  const rangeId: TimeRangeId = isTimeRangeId(range) ? range : '1h'
  const [editing, setEditing] = useState(false)
  const [actionError, setActionError] = useState<AppError | null>(null)
  const minute = useMinuteClock()
  const second = useSecondClock()
  const window = seriesWindow(rangeId, minute)

  const validId = isUuid(id)
  const { data, loading, error } = useSubscription(DashboardDocument, { variables: { id }, skip: !validId })
  const [removePanel] = useMutation(RemovePanelDocument)
  const [swapPanels] = useMutation(SwapPanelsDocument)
  const [setPanelWidth] = useMutation(SetPanelWidthDocument)

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
  const writable = canWrite(workspace)

  async function run(action: () => Promise<unknown>) {
    setActionError(null)
    try {
      await action()
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  // Positions are normalised to the list order on every move, so duplicates left by concurrent
  // edits sort themselves out.
  const move = (index: number, by: -1 | 1) =>
    run(() => {
      const a = panels[index]!
      const b = panels[index + by]!
      return swapPanels({ variables: { firstId: a.id, firstPosition: index + by, secondId: b.id, secondPosition: index } })
    })
  const resize = (panel: PanelFieldsFragment, by: -1 | 1) =>
    run(() => setPanelWidth({ variables: { id: panel.id, width: panel.width + by } }))
  const remove = (panel: PanelFieldsFragment) => {
    if (!globalThis.confirm(`Remove the panel "${panel.title || panel.metric.name}"?`)) return
    void run(() => removePanel({ variables: { id: panel.id } }))
  }
  const nextPosition = panels.reduce((max, p) => Math.max(max, p.position + 1), panels.length)

  return (
    <div className="page">
      <header className="page-header">
        <h1>{dashboard.title}</h1>
        <div className="toolbar">
          <RangePicker
            value={rangeId}
            onChange={(next) =>
              setSearch(
                (s) => {
                  s.set('range', next)
                  return s
                },
                { replace: true },
              )
            }
          />
          {writable ? (
            <button type="button" aria-pressed={editing} onClick={() => setEditing(!editing)} data-testid="edit-dashboard">
              {editing ? 'Done editing' : 'Edit panels'}
            </button>
          ) : null}
          {workspace.role === 'owner' ? <ShareDialog dashboardId={dashboard.id} /> : null}
        </div>
      </header>
      {dashboard.description ? <p className="muted">{dashboard.description}</p> : null}
      {editing && writable ? (
        <DashboardSettingsForm
          dashboard={{ id: dashboard.id, title: dashboard.title, description: dashboard.description ?? '' }}
          workspaceSlug={workspace.slug}
        />
      ) : null}
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {panels.length === 0 ? (
        <EmptyState title="No panels yet">{writable ? 'Choose “Edit panels” to add one.' : 'An editor can add panels.'}</EmptyState>
      ) : (
        <div className="grid" data-testid="panel-grid">
          {panels.map((panel, index) => (
            <section
              key={panel.id}
              className={`card panel w-${Math.min(Math.max(panel.width, 1), 4)}`}
              aria-label={panel.title || panel.metric.name}
              data-testid="panel"
            >
              <div className="panel-header">
                <h3>{panel.title || panel.metric.name}</h3>
                <span className="muted">
                  {panel.aggregation} · {panel.metric.key}
                </span>
              </div>
              {editing ? (
                <div className="panel-actions">
                  <button
                    type="button"
                    className="small"
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move ${panel.title || panel.metric.name} earlier`}
                  >
                    ↑ Earlier
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={index === panels.length - 1}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move ${panel.title || panel.metric.name} later`}
                  >
                    ↓ Later
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={panel.width <= 1}
                    onClick={() => void resize(panel, -1)}
                    aria-label={`Make ${panel.title || panel.metric.name} narrower`}
                  >
                    Narrower
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={panel.width >= 4}
                    onClick={() => void resize(panel, 1)}
                    aria-label={`Make ${panel.title || panel.metric.name} wider`}
                  >
                    Wider
                  </button>
                  <button
                    type="button"
                    className="small danger"
                    onClick={() => remove(panel)}
                    aria-label={`Remove ${panel.title || panel.metric.name}`}
                  >
                    Remove
                  </button>
                </div>
              ) : null}
              <ErrorBoundary region={`panel ${panel.id}`}>
                <Panel panel={panel} rangeId={rangeId} window={window} now={second} showAnnotations />
              </ErrorBoundary>
            </section>
          ))}
        </div>
      )}
      {editing && writable ? (
        <ErrorBoundary region="add panel">
          <AddPanelForm dashboardId={dashboard.id} nextPosition={nextPosition} full={panels.length >= MAX_PANELS} />
        </ErrorBoundary>
      ) : null}
    </div>
  )
}
