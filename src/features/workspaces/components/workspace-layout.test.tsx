// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkspaceBySlugDocument } from '../../../gql/graphql.ts'
import { listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { storeTestSession } from '../../../testing/test-session.ts'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { WorkspaceLayout } from './workspace-layout.tsx'

listenWithMswServer()
afterEach(cleanup)

function workspaceWithRole(role: 'owner' | 'editor' | 'viewer') {
  return {
    workspaces: [
      {
        __typename: 'workspaces' as const,
        id: 'w1',
        name: 'Acme',
        slug: 'acme',
        members: [{ __typename: 'workspace_members' as const, role }],
      },
    ],
  }
}

describe('WorkspaceLayout', () => {
  it("follows the user's membership live: a demoted editor sees their new role without a reload", async () => {
    storeTestSession({ id: 'u2', displayName: 'Bob', email: 'bob@example.com' })
    const live = new TestSubscriptions()
    renderScreen(<WorkspaceLayout />, { path: '/w/:slug', at: '/w/acme', subscriptions: live })
    await waitFor(() => expect(live.variables(WorkspaceBySlugDocument)).toEqual([{ slug: 'acme', userId: 'u2' }]))
    act(() => {
      live.push(WorkspaceBySlugDocument, workspaceWithRole('editor'))
    })
    expect((await screen.findByTitle('Your role in this workspace')).textContent).toBe('editor')
    act(() => {
      live.push(WorkspaceBySlugDocument, workspaceWithRole('viewer'))
    })
    await waitFor(() => expect(screen.getByTitle('Your role in this workspace').textContent).toBe('viewer'))
    // Removed from the workspace: it is gone from the open page too.
    act(() => {
      live.push(WorkspaceBySlugDocument, { workspaces: [{ ...workspaceWithRole('viewer').workspaces[0]!, members: [] }] })
    })
    await screen.findByRole('link', { name: 'Your workspaces' })
  })
})
