import { useMutation, useSubscription } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import {
  CreateAlertRuleDocument,
  DeleteAlertRuleDocument,
  MetricAlertRulesDocument,
  SetAlertRuleEnabledDocument,
  UpdateAlertRuleDocument,
} from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ConfirmButton } from '../../../ui/confirm-button.tsx'
import { SelectField, TextField } from '../../../ui/field.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { COMPARATOR_OPTIONS, describeCondition, ruleStateLabel } from '../alert-format.ts'
import { validateAlertRule, type AlertRuleErrors, type AlertRuleInput } from '../validate-alert-rule.ts'

const EMPTY: AlertRuleInput = { name: '', threshold: '', windowSeconds: '300', forSeconds: '0' }

/** The metric page's alert rules: live states for everyone; adding, editing and deleting for editors and owners. */
export function AlertRulesSection({ metricId, unit }: { metricId: string; unit: string }) {
  const workspace = useWorkspaceRef()
  const writable = canWrite(workspace)
  const { data, loading, error } = useSubscription(MetricAlertRulesDocument, { variables: { metricId } })
  const [create, { loading: creating }] = useMutation(CreateAlertRuleDocument)
  const [update, { loading: updating }] = useMutation(UpdateAlertRuleDocument)
  const [setEnabled] = useMutation(SetAlertRuleEnabledDocument)
  const [remove] = useMutation(DeleteAlertRuleDocument)
  const [input, setInput] = useState(EMPTY)
  const [comparator, setComparator] = useState('gt')
  /** The rule the form edits; null: the form adds a rule. */
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null)
  const [fieldErrors, setFieldErrors] = useState<AlertRuleErrors>({})
  const [actionError, setActionError] = useState<AppError | null>(null)

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setActionError(null)
    try {
      await action()
      return true
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field && appError.field in EMPTY) setFieldErrors({ [appError.field]: appError.message })
      else setActionError(appError)
      return false
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateAlertRule(input)
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) return
    const fields = {
      name: input.name.trim(),
      comparator,
      threshold: Number(input.threshold),
      window_seconds: Number(input.windowSeconds),
      for_seconds: Number(input.forSeconds),
    }
    const saved = editing
      ? await run(() => update({ variables: { id: editing.id, set: fields } }))
      : await run(() => create({ variables: { rule: { metric_id: metricId, ...fields } } }))
    if (saved) stopEditing()
  }

  function startEditing(rule: {
    id: string
    name: string
    comparator: string
    threshold: number
    window_seconds: number
    for_seconds: number
  }) {
    setEditing({ id: rule.id, name: rule.name })
    setComparator(rule.comparator)
    setFieldErrors({})
    setInput({
      name: rule.name,
      threshold: String(rule.threshold),
      windowSeconds: String(rule.window_seconds),
      forSeconds: String(rule.for_seconds),
    })
  }

  function stopEditing() {
    setEditing(null)
    setComparator('gt')
    setInput(EMPTY)
  }

  const field = (name: keyof AlertRuleInput) => ({
    name,
    value: input[name],
    error: fieldErrors[name],
    onChange: (e: { target: { value: string } }) => setInput({ ...input, [name]: e.target.value }),
  })
  const rules = data?.alert_rules ?? []
  return (
    <section className="card" aria-labelledby="alert-rules-title" data-testid="alert-rules">
      <h2 id="alert-rules-title">Alert rules</h2>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading alert rules…" /> : null}
      {data && rules.length === 0 ? (
        <EmptyState title="No alert rules">
          {writable ? 'Add one below: it is checked every 10 seconds.' : 'Editors and owners add rules.'}
        </EmptyState>
      ) : null}
      {rules.length > 0 ? (
        <ul className="rule-list" aria-label="Alert rules">
          {rules.map((rule) => (
            <li key={rule.id} className="rule-row">
              <span className={`state-badge state-${rule.enabled ? rule.state : 'disabled'}`}>{ruleStateLabel(rule)}</span>
              <span>
                <strong>{rule.name}</strong> <span className="muted">{describeCondition(rule, unit)}</span>
              </span>
              {writable ? (
                <span className="row-actions">
                  <button type="button" onClick={() => startEditing(rule)}>
                    Edit {rule.name}
                  </button>
                  <button type="button" onClick={() => void run(() => setEnabled({ variables: { id: rule.id, enabled: !rule.enabled } }))}>
                    {rule.enabled ? `Disable ${rule.name}` : `Enable ${rule.name}`}
                  </button>
                  <ConfirmButton
                    label={`Delete ${rule.name}`}
                    question={`Delete ${rule.name} and its alerts?`}
                    confirmLabel="Yes, delete"
                    onConfirm={() => void run(() => remove({ variables: { id: rule.id } }))}
                  />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {writable ? (
        <form onSubmit={submit} noValidate aria-label={editing ? `Edit ${editing.name}` : 'Add an alert rule'} className="form-row">
          <TextField label="Rule name" {...field('name')} />
          <SelectField
            label="Comparator"
            name="comparator"
            value={comparator}
            onChange={(e) => setComparator(e.target.value)}
            options={COMPARATOR_OPTIONS}
          />
          <TextField label={unit ? `Threshold (${unit})` : 'Threshold'} inputMode="decimal" {...field('threshold')} />
          <TextField label="Window (s)" inputMode="numeric" {...field('windowSeconds')} />
          <TextField label="Held for (s)" inputMode="numeric" {...field('forSeconds')} />
          <button type="submit" className="primary" disabled={creating || updating}>
            {editing ? 'Save rule' : 'Add rule'}
          </button>
          {editing ? (
            <button type="button" onClick={stopEditing}>
              Cancel
            </button>
          ) : null}
        </form>
      ) : null}
    </section>
  )
}
