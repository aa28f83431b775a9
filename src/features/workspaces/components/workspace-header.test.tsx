// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderScreen } from '../../../testing/test-app.tsx'
import { WorkspaceHeader } from './workspace-header.tsx'

afterEach(cleanup)

describe('WorkspaceHeader', () => {
  it.each([
    ['owner', 'you are an owner'],
    ['editor', 'you are an editor'],
    ['viewer', 'you are a viewer'],
  ] as const)('names the %s role with its article', async (role, sentence) => {
    renderScreen(<WorkspaceHeader />, { workspace: { id: 'w1', slug: 'acme', name: 'Acme', role } })
    expect((await screen.findByRole('banner')).textContent).toContain(`/acme · ${sentence}`)
  })
})
