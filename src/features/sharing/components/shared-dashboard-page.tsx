import { ApolloProvider, useSubscription } from '@apollo/client/react'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { SharedDashboardDocument } from '../../../gql/graphql.ts'
import { env } from '../../../lib/env.ts'
import { useViewRange } from '../../../lib/custom-range.ts'
import { catalogueError, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { PanelGrid } from '../../../panels/panel-grid.tsx'
import { RangePicker } from '../../../ui/range-picker.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { createShareApollo, startShareSession, type ShareApollo } from '../share-session-apollo.ts'

/** Renew this long before the share session expires. */
const RENEW_MARGIN_SECONDS = 60

/** `/s/:shareToken`: the shared dashboard, live, without sign-in; renews its session in time. */
export function SharedDashboardPage() {
  const { shareToken = '' } = useParams()
  const { nhost } = useSession()
  const [share, setShare] = useState<{ apollo: ShareApollo; dashboardId: string } | null>(null)
  const [error, setError] = useState<AppError | null>(null)

  useEffect(() => {
    let apollo: ShareApollo | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const fail = (caught: unknown) => {
      const appError = toAppError(caught)
      setError(appError.code === 'not-found' || appError.code === 'share/link-invalid' ? catalogueError('share/link-invalid') : appError)
    }
    const schedule = (expiresIn: number) => {
      timer = setTimeout(
        () => {
          startShareSession(nhost, shareToken).then((next) => {
            apollo?.renew(next.accessToken)
            schedule(next.accessTokenExpiresIn)
          }, fail)
        },
        Math.max(expiresIn - RENEW_MARGIN_SECONDS, 5) * 1000,
      )
    }
    startShareSession(nhost, shareToken).then((session) => {
      if (stopped) return
      apollo = createShareApollo(env, session.accessToken)
      setShare({ apollo, dashboardId: session.dashboard.id })
      schedule(session.accessTokenExpiresIn)
    }, fail)
    return () => {
      stopped = true
      clearTimeout(timer)
      apollo?.dispose()
    }
  }, [nhost, shareToken])

  if (error)
    return (
      <div className="page">
        <ErrorMessage error={error} />
      </div>
    )
  if (!share) return <Loading label="Opening the shared dashboard…" />
  return (
    <ApolloProvider client={share.apollo.client}>
      <SharedDashboard id={share.dashboardId} />
    </ApolloProvider>
  )
}

/**
 * The dashboard as a share session reads it, without annotations or edit mode: over a preset or
 * an absolute range kept in the URL, as a member sees it (a drag across a chart zooms to it).
 */
function SharedDashboard({ id }: { id: string }) {
  const { range, setRange, selectRange } = useViewRange()
  const { data, loading, error } = useSubscription(SharedDashboardDocument, { variables: { id } })
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading dashboard…" />
  const dashboard = data?.dashboards_by_pk
  // Null as soon as the link is regenerated or sharing stops: the session reads nothing any more.
  if (!dashboard)
    return (
      <div className="page">
        <ErrorMessage error={catalogueError('share/link-invalid')} />
      </div>
    )
  return (
    <div className="page">
      <header className="page-header">
        <h1>{dashboard.title}</h1>
        <p className="muted">Shared read-only</p>
        <RangePicker value={range} onChange={setRange} />
      </header>
      {dashboard.description ? <p className="muted">{dashboard.description}</p> : null}
      {dashboard.panels.length === 0 ? (
        <EmptyState title="No panels on this dashboard" />
      ) : (
        <PanelGrid panels={dashboard.panels} range={range} onSelectRange={selectRange} />
      )}
    </div>
  )
}
