import { useSubscription } from '@apollo/client/react'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { WorkspaceDashboardsDocument } from '../../../gql/graphql.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'

/**
 * Kiosk mode's cycle: after `seconds` on a dashboard, the next of the workspace's dashboards (by
 * title, so that the order does not move as dashboards are edited), with the same URL options.
 * Escape or the exit link leaves kiosk mode on the dashboard shown.
 */
export function KioskCycle({ dashboardId, seconds }: { dashboardId: string; seconds: number }) {
  const workspace = useWorkspaceRef()
  const navigate = useNavigate()
  const location = useLocation()
  const { data } = useSubscription(WorkspaceDashboardsDocument, { variables: { workspaceId: workspace.id } })
  const ordered = [...(data?.dashboards ?? [])].sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id))
  const index = ordered.findIndex((dashboard) => dashboard.id === dashboardId)
  const next = ordered.length > 1 ? ordered[(index + 1) % ordered.length] : undefined

  const exit = new URLSearchParams(location.search)
  exit.delete('kiosk')
  const exitTo = `${location.pathname}${exit.size > 0 ? `?${exit}` : ''}`

  useEffect(() => {
    if (!next) return
    const timer = setTimeout(() => navigate(`/w/${workspace.slug}/dashboards/${next.id}${location.search}`), seconds * 1000)
    return () => clearTimeout(timer)
  }, [next, seconds, navigate, workspace.slug, location.search])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(exitTo)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [navigate, exitTo])

  return (
    <Link to={exitTo} className="kiosk-exit">
      Exit kiosk mode
    </Link>
  )
}
