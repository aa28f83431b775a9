import { AlertRulesSection } from '../../features/alerts/components/alert-rules-section.tsx'
import { AnnotationsSection } from '../../features/annotations/components/annotations-section.tsx'
import { CsvImportSection } from '../../features/imports/components/csv-import-section.tsx'
import { AddPointForm } from '../../features/metrics/components/add-point-form.tsx'
import { EditMetricForm } from '../../features/metrics/components/edit-metric-form.tsx'
import { MetricChart } from '../../features/metrics/components/metric-chart.tsx'
import { MetricDetail } from '../../features/metrics/components/metric-detail.tsx'
import { PointsTable } from '../../features/points/components/points-table.tsx'
import { canWrite, useWorkspaceRef } from '../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'

/** A metric's page: its chart and points, annotations, CSV import, editing and alert rules (features composed here). */
export default function MetricRoute() {
  const workspace = useWorkspaceRef()
  return (
    <MetricDetail>
      {(metric) => (
        <>
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
        </>
      )}
    </MetricDetail>
  )
}
