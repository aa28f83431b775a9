// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { CreateWorkspaceDocument, MyWorkspacesDocument } from '../../../gql/graphql.ts'
import { CONSTRAINTS, ERROR_CATALOGUE } from '../../../lib/error-catalogue.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { slugify, validateWorkspace } from '../validate-workspace.ts'
import { CreateWorkspaceForm } from './create-workspace-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const slugRule = CONSTRAINTS.workspaces_slug_format!.message!
const nameRule = CONSTRAINTS.workspaces_name_length!.message!

describe('validateWorkspace mirrors the database rules', () => {
  it.each([
    ['abc', true],
    ['a-b', true],
    ['team-42', true],
    ['a'.repeat(40), true],
    ['ab', false],
    ['a'.repeat(41), false],
    ['-abc', false],
    ['abc-', false],
    ['ABC', false],
    ['a_b', false],
    ['a b', false],
  ])('slug %j valid: %s', (slug, valid) => {
    expect(validateWorkspace('Name', slug).slug === undefined).toBe(valid)
  })

  it.each([
    ['', false],
    ['   ', false],
    ['x', true],
    [` ${'n'.repeat(80)} `, true],
    ['n'.repeat(81), false],
  ])('name %j valid: %s', (name, valid) => {
    expect(validateWorkspace(name, 'abc').name === undefined).toBe(valid)
  })

  it('suggests a slug from the name', () => {
    expect(slugify('  Acme Ops — Prod! ')).toBe('acme-ops-prod')
    expect(slugify('Crème brûlée')).toBe('creme-brulee')
  })
})

describe('CreateWorkspaceForm', () => {
  it('shows field errors without calling the server when the slug or name breaks the rules', async () => {
    let calls = 0
    server.use(
      graphql.mutation(CreateWorkspaceDocument, () => {
        calls += 1
        return HttpResponse.json({ data: { insert_workspaces_one: null } })
      }),
    )
    renderScreen(<CreateWorkspaceForm />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Slug'), '-Bad_')
    await user.click(screen.getByRole('button', { name: 'Create workspace' }))

    expect(await screen.findByText(slugRule)).toBeTruthy()
    expect(screen.getByText(nameRule)).toBeTruthy()
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toBe(0)
  })

  it('fills the slug from the name and creates the workspace', async () => {
    let received: unknown
    server.use(
      graphql.mutation(CreateWorkspaceDocument, ({ variables }) => {
        received = variables
        return HttpResponse.json({ data: { insert_workspaces_one: { id: 'w1', slug: variables.slug } } })
      }),
      graphql.query(MyWorkspacesDocument, () => HttpResponse.json({ data: { workspaces: [] } })),
    )
    const { router } = renderScreen(<CreateWorkspaceForm />, { path: '/workspaces', at: '/workspaces' })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Name'), '  Acme Ops ')
    expect(screen.getByLabelText<HTMLInputElement>('Slug').value).toBe('acme-ops')
    await user.click(screen.getByRole('button', { name: 'Create workspace' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/w/acme-ops'))
    expect(received).toEqual({ name: 'Acme Ops', slug: 'acme-ops' })
  })

  it('puts "slug taken" on the slug field when the database says the slug exists', async () => {
    server.use(
      graphql.mutation(CreateWorkspaceDocument, () =>
        HttpResponse.json({
          errors: [
            {
              message: 'Uniqueness violation. duplicate key value violates unique constraint "workspaces_slug_key"',
              extensions: { path: '$.selectionSet.insert_workspaces_one.args.object[0]', code: 'constraint-violation' },
            },
          ],
        }),
      ),
    )
    renderScreen(<CreateWorkspaceForm />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Name'), 'Acme')
    await user.click(screen.getByRole('button', { name: 'Create workspace' }))

    expect(await screen.findByText(ERROR_CATALOGUE['workspace/slug-taken'].message)).toBeTruthy()
    expect(screen.queryByText(/Uniqueness violation/)).toBeNull()
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
  })
})
