/**
 * Renders a screen as the app does (session, Apollo, router) against MSW: the nhost client and
 * Apollo speak real HTTP to TEST_ORIGIN, which MSW answers from the handlers a test installs.
 */
import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client'
import { createAppCache } from '../lib/apollo-cache.ts'
import { getMainDefinition } from '@apollo/client/utilities'
import { createClient } from '@nhost/nhost-js'
import { render } from '@testing-library/react'
import { OperationTypeNode } from 'graphql'
import type { ReactNode } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { parseEnv } from '../lib/env.ts'
import { SessionProvider } from '../lib/session.tsx'
import type { WorkspaceRef } from '../lib/workspace-ref.ts'
import type { TestSubscriptions } from './test-subscriptions.ts'

export const TEST_ORIGIN = 'http://pulseboard.test'
export const testEnv = parseEnv({}, TEST_ORIGIN)

export interface RenderScreenOptions {
  path?: string
  at?: string
  /** The location state the screen is opened with (a return path, say). */
  state?: unknown
  /** Renders the screen inside a workspace route, as WorkspaceLayout provides it. */
  workspace?: WorkspaceRef
  /** Serves the screen's subscriptions (otherwise they go over HTTP to MSW, as Apollo's HttpLink sends them). */
  subscriptions?: TestSubscriptions
}

export function renderScreen(element: ReactNode, { path = '/', at = '/', state, workspace, subscriptions }: RenderScreenOptions = {}) {
  const nhost = createClient({
    authUrl: testEnv.authUrl,
    graphqlUrl: testEnv.graphqlUrl,
    storageUrl: testEnv.storageUrl,
    functionsUrl: testEnv.functionsUrl,
  })
  const http = new HttpLink({ uri: testEnv.graphqlUrl })
  const link = subscriptions ? ApolloLink.split(({ query }) => isSubscription(query), subscriptions.link, http) : http
  const apollo = new ApolloClient({ link, cache: createAppCache() })
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

function isSubscription(query: Parameters<typeof getMainDefinition>[0]): boolean {
  const definition = getMainDefinition(query)
  return definition.kind === 'OperationDefinition' && definition.operation === OperationTypeNode.SUBSCRIPTION
}
