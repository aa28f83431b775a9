import { useMutation, useQuery } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import {
  AddPanelSeriesDocument,
  DashboardMetricOptionsDocument,
  RemovePanelSeriesDocument,
  SetPanelThresholdsDocument,
  type PanelFieldsFragment,
} from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { readThresholds, thresholdsProblem } from '../../../panels/thresholds.ts'
import { SelectField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { MAX_MORE_SERIES } from '../dashboard-format.ts'
import { ThresholdsEditor, thresholdsFromDrafts, type ThresholdDraft } from './thresholds-editor.tsx'

export interface PanelSettingsEditorProps {
  panel: PanelFieldsFragment
}

/**
 * In edit mode, under a panel's toolbar: a line or bar panel's other series (added and removed at
 * once), or a stat panel's thresholds (saved together). Other kinds have neither.
 */
export function PanelSettingsEditor({ panel }: PanelSettingsEditorProps) {
  if (panel.kind === 'line' || panel.kind === 'bar') return <SeriesSettings panel={panel} />
  if (panel.kind === 'stat') return <ThresholdSettings panel={panel} />
  return null
}

function SeriesSettings({ panel }: PanelSettingsEditorProps) {
  const workspace = useWorkspaceRef()
  const label = panel.title || panel.metric.name
  const metrics = useQuery(DashboardMetricOptionsDocument, { variables: { workspaceId: workspace.id }, fetchPolicy: 'cache-and-network' })
  const [addSeries, { loading: adding }] = useMutation(AddPanelSeriesDocument)
  const [removeSeries] = useMutation(RemovePanelSeriesDocument)
  const [error, setError] = useState<AppError | null>(null)
  const [choice, setChoice] = useState('')
  const shown = new Set([panel.metric.id, ...panel.series.map((s) => s.metric.id)])
  const free = (metrics.data?.metrics ?? []).filter((m) => !shown.has(m.id))
  const chosen = free.some((m) => m.id === choice) ? choice : (free[0]?.id ?? '')

  async function run(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
    } catch (caught) {
      setError(toAppError(caught))
    }
  }
  function add(event: FormEvent) {
    event.preventDefault()
    const position = Math.max(0, ...panel.series.map((s) => s.position)) + 1
    void run(() => addSeries({ variables: { panelId: panel.id, metricId: chosen, position } }))
  }

  return (
    <details className="panel-settings">
      <summary>Series ({1 + panel.series.length} of 5)</summary>
      {error ? <ErrorMessage error={error} /> : null}
      <ul>
        {panel.series.map((s) => (
          <li key={s.id}>
            {s.metric.name}{' '}
            <button
              type="button"
              className="small"
              onClick={() => void run(() => removeSeries({ variables: { id: s.id } }))}
              aria-label={`Remove ${s.metric.name} from ${label}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {panel.series.length < MAX_MORE_SERIES && free.length > 0 ? (
        <form className="series-row" onSubmit={add}>
          <SelectField
            label={`Another series for ${label}`}
            name="series"
            value={chosen}
            onChange={(e) => setChoice(e.target.value)}
            options={free.map((m) => ({ value: m.id, label: `${m.name} (${m.key})` }))}
          />
          <button type="submit" className="small" disabled={adding || !chosen}>
            Add series
          </button>
        </form>
      ) : null}
    </details>
  )
}

function ThresholdSettings({ panel }: PanelSettingsEditorProps) {
  const saved = readThresholds(panel.thresholds)
  const [drafts, setDrafts] = useState<ThresholdDraft[]>(() => saved.map((s) => ({ value: String(s.value), colour: s.colour })))
  const [problem, setProblem] = useState<string | undefined>()
  const [error, setError] = useState<AppError | null>(null)
  const [setThresholds, { loading }] = useMutation(SetPanelThresholdsDocument)

  async function save(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const found = thresholdsProblem(drafts)
    setProblem(found)
    if (found) return
    try {
      await setThresholds({ variables: { id: panel.id, thresholds: thresholdsFromDrafts(drafts) } })
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  return (
    <details className="panel-settings">
      <summary>Thresholds ({saved.length})</summary>
      <form onSubmit={save} noValidate>
        {error ? <ErrorMessage error={error} /> : null}
        <ThresholdsEditor value={drafts} onChange={setDrafts} error={problem} />
        <button type="submit" className="small" disabled={loading}>
          {loading ? 'Saving…' : 'Save thresholds'}
        </button>
      </form>
    </details>
  )
}
