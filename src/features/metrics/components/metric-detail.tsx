import { useQuery } from '@apollo/client/react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { MetricByKeyDocument, type MetricByKeyQuery } from '../../../gql/graphql.ts'
import { catalogueError, toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'
import { MetricLastValue } from './metric-last-value.tsx'

export type MetricDetailFields = MetricByKeyQuery['metrics'][number]

export interface MetricDetailProps {
  /** The page's sections about the metric, under its header (composed by the route from several features). */
  children: (metric: MetricDetailFields) => ReactNode
}

/** `/w/:slug/metrics/:key`: the metric by its key, its header with the live last value, then its sections. */
export function MetricDetail({ children }: MetricDetailProps) {
  const workspace = useWorkspaceRef()
  const { key = '' } = useParams()
  const { data, loading, error, refetch } = useQuery(MetricByKeyDocument, { variables: { workspaceId: workspace.id, key } })
  if (error && !data)
    return (
      <ErrorMessage error={toAppError(error)}>
        <button type="button" onClick={() => void refetch()}>
          Retry
        </button>
      </ErrorMessage>
    )
  if (loading && !data) return <Loading label="Loading metric…" />
  const metric = data?.metrics[0]
  if (!metric)
    return (
      <ErrorMessage error={catalogueError('not-found')}>
        <Link to={`/w/${workspace.slug}/metrics`}>All metrics</Link>
      </ErrorMessage>
    )
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{metric.name}</h1>
          <p className="muted">
            {metric.key}
            {metric.description ? ` · ${metric.description}` : ''}
          </p>
        </div>
        <MetricLastValue metricId={metric.id} unit={metric.unit} initial={metric} />
      </header>
      {children(metric)}
    </div>
  )
}
