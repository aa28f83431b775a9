// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { RemoveMemberDocument, WorkspaceMembersDocument, type RemoveMemberMutationVariables } from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { storeTestSession } from '../../../testing/test-session.ts'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { MemberList } from './member-list.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'owner' as const }

function member(userId: string, name: string, role: 'owner' | 'editor' | 'viewer') {
  return {
    __typename: 'workspace_members' as const,
    user_id: userId,
    role,
    created_at: '2026-01-01T00:00:00Z',
    user: { __typename: 'users' as const, id: userId, displayName: name, email: `${name.toLowerCase()}@example.com`, avatarUrl: '' },
  }
}

/** The member list of Acme (an owner and Bob, an editor), with every removal the server receives. */
async function renderMembers() {
  const removals: RemoveMemberMutationVariables[] = []
  server.use(
    graphql.mutation(RemoveMemberDocument, ({ variables }) => {
      removals.push(variables)
      return HttpResponse.json({ data: { delete_workspace_members_by_pk: { user_id: variables.userId } } })
    }),
  )
  storeTestSession({ id: 'u1', displayName: 'Ada', email: 'ada@example.com' })
  const live = new TestSubscriptions()
  renderScreen(<MemberList />, { workspace, subscriptions: live })
  await waitFor(() => expect(live.variables(WorkspaceMembersDocument)).toEqual([{ workspaceId: 'w1' }]))
  act(() => {
    live.push(WorkspaceMembersDocument, { workspace_members: [member('u1', 'Ada', 'owner'), member('u2', 'Bob', 'editor')] })
  })
  await screen.findByRole('button', { name: 'Remove Bob' })
  return { removals, user: userEvent.setup() }
}

describe('MemberList', () => {
  it('asks before removing a member: Cancel sends nothing and gives focus back', async () => {
    const { removals, user } = await renderMembers()
    await user.click(screen.getByRole('button', { name: 'Remove Bob' }))
    const question = screen.getByRole('group', { name: 'Remove Bob from Acme?' })
    expect(question.textContent).toContain('Remove Bob from Acme?')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('group', { name: 'Remove Bob from Acme?' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Bob' }))
    // Escape cancels too.
    await user.keyboard('{Enter}')
    expect(screen.getByRole('group', { name: 'Remove Bob from Acme?' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Remove Bob from Acme?' })).toBeNull()
    // Give the mutation, had one been sent, time to reach the server.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(removals).toEqual([])
  })

  it('removes the member once confirmed, from the keyboard', async () => {
    const { removals, user } = await renderMembers()
    screen.getByRole('button', { name: 'Remove Bob' }).focus()
    await user.keyboard('{Enter}')
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, remove' }))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(removals).toEqual([{ workspaceId: 'w1', userId: 'u2' }]))
  })
})
