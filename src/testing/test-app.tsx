/**
 * Renders a screen as the app does (session, Apollo, router) against MSW: the nhost client and
 * Apollo speak real HTTP to TEST_ORIGIN, which MSW answers from the handlers a test installs.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client'
import { createClient } from '@nhost/nhost-js'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { parseEnv } from '../lib/env.ts'
import { SessionProvider } from '../lib/session.tsx'
import type { WorkspaceRef } from '../lib/workspace-ref.ts'

export const TEST_ORIGIN = 'http://pulseboard.test'
export const testEnv = parseEnv({}, TEST_ORIGIN)

export interface RenderScreenOptions {
  path?: string
  at?: string
  /** The location state the screen is opened with (a return path, say). */
  state?: unknown
  /** Renders the screen inside a workspace route, as WorkspaceLayout provides it. */
  workspace?: WorkspaceRef
}

export function renderScreen(element: ReactNode, { path = '/', at = '/', state, workspace }: RenderScreenOptions = {}) {
  const nhost = createClient({
    authUrl: testEnv.authUrl,
    graphqlUrl: testEnv.graphqlUrl,
    storageUrl: testEnv.storageUrl,
    functionsUrl: testEnv.functionsUrl,
  })
  const apollo = new ApolloClient({ link: new HttpLink({ uri: testEnv.graphqlUrl }), cache: new InMemoryCache() })
  const router = createMemoryRouter(
    [
      workspace ? { element: <Outlet context={workspace} />, children: [{ path, element }] } : { path, element },
      { path: '*', element: <p>Navigated away</p> },
    ],
    { initialEntries: [state === undefined ? at : { pathname: at, state }] },
  )
  const view = render(
    <SessionProvider nhost={nhost} apollo={apollo}>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
  return { ...view, router, nhost, apollo }
}
