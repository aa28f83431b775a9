import { RouterProvider } from 'react-router'
import { createAppApollo } from '../lib/apollo.ts'
import { env } from '../lib/env.ts'
import { createNhost } from '../lib/nhost.ts'
import { onSessionLost, SessionProvider } from '../lib/session.tsx'
import { createAppRouter } from './router.tsx'

// One nhost client, one Apollo client and one router for the page's lifetime.
const nhost = createNhost(env)
const apollo = createAppApollo(env, nhost, { onSessionLost })
const router = createAppRouter()

export function App() {
  return (
    <SessionProvider nhost={nhost} apollo={apollo.client}>
      <RouterProvider router={router} />
    </SessionProvider>
  )
}
