/**
 * Renders a screen as the app does (session, Apollo, router) against MSW: the nhost client and
 * Apollo speak real HTTP to TEST_ORIGIN, which MSW answers from the handlers a test installs.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client'
import { createClient } from '@nhost/nhost-js'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { parseEnv } from '../lib/env.ts'
import { SessionProvider } from '../lib/session.tsx'

export const TEST_ORIGIN = 'http://pulseboard.test'
export const testEnv = parseEnv({}, TEST_ORIGIN)

export function renderScreen(element: ReactNode, { path = '/', at = '/' }: { path?: string; at?: string } = {}) {
  const nhost = createClient({
    authUrl: testEnv.authUrl,
    graphqlUrl: testEnv.graphqlUrl,
    storageUrl: testEnv.storageUrl,
    functionsUrl: testEnv.functionsUrl,
  })
  const apollo = new ApolloClient({ link: new HttpLink({ uri: testEnv.graphqlUrl }), cache: new InMemoryCache() })
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Navigated away</p> },
    ],
    { initialEntries: [at] },
  )
  const view = render(
    <SessionProvider nhost={nhost} apollo={apollo}>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
  return { ...view, router, nhost, apollo }
}
