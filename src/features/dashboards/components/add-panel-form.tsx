import { useMutation, useQuery } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { AddPanelDocument, DashboardMetricOptionsDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { BUCKET_SECONDS } from '../../../lib/time-range.ts'
import { thresholdsProblem } from '../../../panels/thresholds.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { SelectField, TextField } from '../../../ui/field.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { SeriesPicker } from './series-picker.tsx'
import { ThresholdsEditor, thresholdsFromDrafts, type ThresholdDraft } from './thresholds-editor.tsx'

const KIND_OPTIONS = [
  { value: 'line', label: 'Line' },
  { value: 'bar', label: 'Bar' },
  { value: 'stat', label: 'Stat (latest value)' },
  { value: 'table', label: 'Table' },
]
const AGGREGATION_OPTIONS = ['avg', 'sum', 'min', 'max', 'count', 'last'].map((value) => ({ value, label: value }))
const BUCKET_OPTIONS = BUCKET_SECONDS.map((s) => ({
  value: String(s),
  label: s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : s < 86400 ? `${s / 3600} h` : '1 day',
}))
const WIDTH_OPTIONS = [1, 2, 3, 4].map((w) => ({ value: String(w), label: `${w} of 4 columns` }))

export interface AddPanelFormProps {
  dashboardId: string
  /** Position after the last panel. */
  nextPosition: number
  full: boolean
}

export function AddPanelForm({ dashboardId, nextPosition, full }: AddPanelFormProps) {
  const workspace = useWorkspaceRef()
  const metrics = useQuery(DashboardMetricOptionsDocument, { variables: { workspaceId: workspace.id }, fetchPolicy: 'cache-and-network' })
  const [metricId, setMetricId] = useState('')
  const [title, setTitle] = useState('')
  const [kind, setKind] = useState('line')
  const [aggregation, setAggregation] = useState('avg')
  const [bucketSeconds, setBucketSeconds] = useState('60')
  const [width, setWidth] = useState('2')
  const [moreSeries, setMoreSeries] = useState<string[]>([])
  const [thresholds, setThresholds] = useState<ThresholdDraft[]>([])
  const [fieldErrors, setFieldErrors] = useState<{ metric?: string; title?: string; series?: string; thresholds?: string }>({})
  const [error, setError] = useState<AppError | null>(null)
  const [addPanel, { loading }] = useMutation(AddPanelDocument)

  if (metrics.error && !metrics.data) return <ErrorMessage error={toAppError(metrics.error)} />
  if (metrics.loading && !metrics.data) return <Loading label="Loading metrics…" />
  const options = metrics.data?.metrics ?? []
  if (options.length === 0) {
    return (
      <EmptyState title="No metrics to show yet">
        <Link to={`/w/${workspace.slug}/metrics`}>Create a metric first</Link>
      </EmptyState>
    )
  }
  const chosen = metricId || options[0]!.id
  const charted = kind === 'line' || kind === 'bar'
  const series = charted ? moreSeries.filter((id) => id !== chosen) : []

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (title.length > 80) {
      setFieldErrors({ title: 'The title has at most 80 characters.' })
      return
    }
    const thresholdError = kind === 'stat' ? thresholdsProblem(thresholds) : undefined
    if (thresholdError) {
      setFieldErrors({ thresholds: thresholdError })
      return
    }
    setFieldErrors({})
    try {
      await addPanel({
        variables: {
          dashboardId,
          metricId: chosen,
          title: title.trim(),
          kind,
          aggregation,
          bucketSeconds: Number(bucketSeconds),
          position: nextPosition,
          width: Number(width),
          thresholds: kind === 'stat' ? thresholdsFromDrafts(thresholds) : [],
          series: series.map((id, index) => ({ metric_id: id, position: index + 1 })),
        },
      })
      setTitle('')
      setMoreSeries([])
      setThresholds([])
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'metric' || appError.field === 'title' || appError.field === 'series' || appError.field === 'thresholds')
        setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="add-panel-title" data-testid="add-panel-form">
      <h2 id="add-panel-title">Add a panel</h2>
      {full ? <p className="notice">A dashboard has at most 24 panels.</p> : null}
      {error ? <ErrorMessage error={error} /> : null}
      <div className="form-row">
        <SelectField
          label="Metric"
          name="metric"
          value={chosen}
          onChange={(e) => setMetricId(e.target.value)}
          error={fieldErrors.metric}
          options={options.map((m) => ({ value: m.id, label: `${m.name} (${m.key})` }))}
        />
        <TextField
          label="Title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={fieldErrors.title}
          hint="Optional: the metric's name otherwise."
          maxLength={80}
        />
        <SelectField label="Kind" name="kind" value={kind} onChange={(e) => setKind(e.target.value)} options={KIND_OPTIONS} />
        <SelectField
          label="Aggregation"
          name="aggregation"
          value={aggregation}
          onChange={(e) => setAggregation(e.target.value)}
          options={AGGREGATION_OPTIONS}
        />
        <SelectField
          label="Bucket"
          name="bucket"
          value={bucketSeconds}
          onChange={(e) => setBucketSeconds(e.target.value)}
          options={BUCKET_OPTIONS}
        />
        <SelectField label="Width" name="width" value={width} onChange={(e) => setWidth(e.target.value)} options={WIDTH_OPTIONS} />
      </div>
      {charted ? (
        <SeriesPicker metrics={options} firstMetricId={chosen} value={series} onChange={setMoreSeries} error={fieldErrors.series} />
      ) : null}
      {kind === 'stat' ? <ThresholdsEditor value={thresholds} onChange={setThresholds} error={fieldErrors.thresholds} /> : null}
      <button type="submit" className="primary" disabled={loading || full}>
        {loading ? 'Adding…' : 'Add panel'}
      </button>
    </form>
  )
}
