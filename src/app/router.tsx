import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { useSession } from '../lib/session.tsx'
import { lastWorkspace } from '../lib/workspace-ref.ts'
import { Loading } from '../ui/states.tsx'
import { AppShell } from './app-shell.tsx'
import { RequireNoSession, RequireSession } from './require-session.tsx'

/**
 * Each screen is its own chunk (the sign-in page does not load uPlot), loaded by React Router's
 * `lazy` before it renders the matched routes: the chunks of a nested URL (the workspace layout
 * and its dashboard) load in parallel, and nothing suspends. With `React.lazy` each chunk
 * suspended in turn and React 19 held each reveal for its 300 ms Suspense throttle, which
 * doubled a cold dashboard's time to show its values (bench/RESULTS.md, first-load).
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default })

function RootRedirect() {
  const { userId } = useSession()
  const slug = lastWorkspace(userId)
  return <Navigate to={slug ? `/w/${slug}` : '/workspaces'} replace />
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      // Shown while the first URL's screens load.
      hydrateFallbackElement: <Loading />,
      children: [
        {
          element: <RequireNoSession />,
          children: [
            { path: '/sign-in', lazy: screen(() => import('./routes/sign-in.tsx')) },
            { path: '/sign-up', lazy: screen(() => import('./routes/sign-up.tsx')) },
            { path: '/forgot-password', lazy: screen(() => import('./routes/forgot-password.tsx')) },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            { path: '/', element: <RootRedirect /> },
            { path: '/workspaces', lazy: screen(() => import('./routes/workspaces.tsx')) },
            { path: '/account', lazy: screen(() => import('./routes/account.tsx')) },
            // GraphiQL and its Monaco editor load with this screen only.
            { path: '/developers', lazy: screen(() => import('./routes/developers.tsx')) },
            { path: '/invite/:token', lazy: screen(() => import('./routes/invite.tsx')) },
            {
              path: '/w/:slug',
              lazy: screen(() => import('./routes/workspace-layout.tsx')),
              children: [
                { index: true, lazy: screen(() => import('./routes/workspace-home.tsx')) },
                { path: 'metrics', lazy: screen(() => import('./routes/metrics.tsx')) },
                { path: 'metrics/:key', lazy: screen(() => import('./routes/metric.tsx')) },
                { path: 'dashboards/:id', lazy: screen(() => import('./routes/dashboard.tsx')) },
                { path: 'alerts', lazy: screen(() => import('./routes/alerts.tsx')) },
                { path: 'alerts/:id', lazy: screen(() => import('./routes/alert.tsx')) },
                { path: 'settings', lazy: screen(() => import('./routes/settings.tsx')) },
              ],
            },
          ],
        },
        // Reached from the emailed link whether or not someone is signed in on this browser.
        { path: '/reset-password', lazy: screen(() => import('./routes/reset-password.tsx')) },
        { path: '/s/:shareToken', lazy: screen(() => import('./routes/shared-dashboard.tsx')) },
        { path: '*', lazy: screen(() => import('./routes/not-found.tsx')) },
      ],
    },
  ])
}
