// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { CreateMetricDocument } from '../../../gql/graphql.ts'
import { CONSTRAINTS, ERROR_CATALOGUE } from '../../../lib/error-catalogue.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { validateMetric } from '../validate-metric.ts'
import { CreateMetricForm } from './create-metric-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' as const }

describe('validateMetric mirrors metrics_key_format', () => {
  it.each([
    ['signups', true],
    ['api.latency_ms', true],
    ['0-a', true],
    ['a'.repeat(64), true],
    ['', false],
    ['.a', false],
    ['_a', false],
    ['Api', false],
    ['a b', false],
    ['a'.repeat(65), false],
  ])('key %j valid: %s', (key, valid) => {
    expect(validateMetric(key, 'Name', '').key === undefined).toBe(valid)
  })
})

describe('CreateMetricForm', () => {
  it('rejects a bad key before sending', async () => {
    renderScreen(<CreateMetricForm />, { workspace })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Key'), 'Bad Key')
    await user.type(screen.getByLabelText('Name'), 'Bad')
    await user.click(screen.getByRole('button', { name: 'Create metric' }))
    expect(await screen.findByText(CONSTRAINTS.metrics_key_format!.message!)).toBeTruthy()
  })

  it('creates the metric in the workspace, and says when the key is taken', async () => {
    const sent: unknown[] = []
    let taken = false
    server.use(
      graphql.mutation(CreateMetricDocument, ({ variables }) => {
        sent.push(variables)
        if (taken) {
          return HttpResponse.json({
            errors: [
              {
                message: 'Uniqueness violation. duplicate key value violates unique constraint "metrics_workspace_id_key_key"',
                extensions: { code: 'constraint-violation', path: '$' },
              },
            ],
          })
        }
        taken = true
        return HttpResponse.json({ data: { insert_metrics_one: { id: 'm1', key: variables.key } } })
      }),
    )
    renderScreen(<CreateMetricForm />, { workspace })
    const user = userEvent.setup()
    const create = async () => {
      await user.type(screen.getByLabelText('Key'), 'api.latency_ms')
      await user.type(screen.getByLabelText('Name'), ' Latency ')
      await user.type(screen.getByLabelText('Unit'), 'ms')
      await user.click(screen.getByRole('button', { name: 'Create metric' }))
    }
    await create()
    expect(await screen.findByText('Metric api.latency_ms created.')).toBeTruthy()
    expect(sent[0]).toEqual({ workspaceId: 'w1', key: 'api.latency_ms', name: 'Latency', unit: 'ms', description: '' })

    await create()
    expect(await screen.findByText(ERROR_CATALOGUE['metric/key-taken'].message)).toBeTruthy()
    expect(screen.getByLabelText('Key').getAttribute('aria-invalid')).toBe('true')
  })
})
