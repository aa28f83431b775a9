// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { DashboardShareTokenDocument } from '../../../gql/graphql.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { ShareDialog } from './share-dialog.tsx'

listenWithMswServer()
afterEach(cleanup)
// The app's own stylesheet, as the page has it: the bug was a rule of it showing a closed dialog.
beforeAll(() => {
  const style = document.createElement('style')
  style.textContent = readFileSync(join(import.meta.dirname, '../../../app/styles.css'), 'utf8')
  document.head.append(style)
})

function dialogOf(): HTMLDialogElement {
  return screen.getByRole('heading', { name: 'Share this dashboard', hidden: true }).closest('dialog')!
}

describe('ShareDialog', () => {
  it('stays closed and hidden until Share is clicked, and Close hides it again', async () => {
    server.use(
      graphql.query(DashboardShareTokenDocument, () => HttpResponse.json({ data: { dashboards_by_pk: { id: 'd1', share_token: null } } })),
    )
    renderScreen(<ShareDialog dashboardId="d1" />)
    const user = userEvent.setup()
    const dialog = dialogOf()
    expect(dialog.open).toBe(false)
    expect(getComputedStyle(dialog).display).toBe('none')

    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(dialog.open).toBe(true)
    expect(getComputedStyle(dialog).display).not.toBe('none')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share by link' })).toBeTruthy())

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(dialog.open).toBe(false)
    expect(getComputedStyle(dialog).display).toBe('none')
  })
})
