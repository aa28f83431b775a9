import { useQuery } from '@apollo/client/react'
import { Link, useParams } from 'react-router'
import { MetricByKeyDocument } from '../../../gql/graphql.ts'
import { catalogueError, toAppError } from '../../../lib/error-catalogue.ts'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'
import { AlertRulesSection } from '../../alerts/components/alert-rules-section.tsx'
import { AnnotationsSection } from '../../annotations/components/annotations-section.tsx'
import { PointsTable } from '../../points/components/points-table.tsx'
import { CsvImportSection } from '../../imports/components/csv-import-section.tsx'
import { AddPointForm } from './add-point-form.tsx'
import { EditMetricForm } from './edit-metric-form.tsx'
import { MetricLastValue } from './metric-last-value.tsx'
import { MetricChart } from './metric-chart.tsx'

export function MetricDetail() {
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
      <ErrorBoundary region="metric chart">
        <MetricChart metricId={metric.id} name={metric.name} unit={metric.unit} />
      </ErrorBoundary>
      <ErrorBoundary region="points">
        <PointsTable metricId={metric.id} unit={metric.unit} />
      </ErrorBoundary>
      <ErrorBoundary region="annotations">
        <AnnotationsSection workspace={workspace} metricId={metric.id} />
      </ErrorBoundary>
      <ErrorBoundary region="CSV import">
        <CsvImportSection workspaceId={workspace.id} metricId={metric.id} canImport={canWrite(workspace)} />
      </ErrorBoundary>
      {canWrite(workspace) ? (
        <ErrorBoundary region="edit metric">
          <EditMetricForm metric={{ ...metric, description: metric.description ?? '' }} workspaceSlug={workspace.slug} />
        </ErrorBoundary>
      ) : null}
      {canWrite(workspace) ? (
        <ErrorBoundary region="add point">
          <AddPointForm metricId={metric.id} unit={metric.unit} />
        </ErrorBoundary>
      ) : null}
      <ErrorBoundary region="alert rules">
        <AlertRulesSection metricId={metric.id} unit={metric.unit} />
      </ErrorBoundary>
    </div>
  )
}
