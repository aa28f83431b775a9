import { lazy } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { lastWorkspace } from '../lib/workspace-ref.ts'
import { AppShell } from './app-shell.tsx'
import { RequireNoSession, RequireSession } from './require-session.tsx'

// Each screen is its own chunk (React.lazy): the sign-in page does not load uPlot.
const SignInRoute = lazy(() => import('./routes/sign-in.tsx'))
const SignUpRoute = lazy(() => import('./routes/sign-up.tsx'))
const WorkspacesRoute = lazy(() => import('./routes/workspaces.tsx'))
const WorkspaceLayoutRoute = lazy(() => import('./routes/workspace-layout.tsx'))
const WorkspaceHomeRoute = lazy(() => import('./routes/workspace-home.tsx'))
const MetricsRoute = lazy(() => import('./routes/metrics.tsx'))
const MetricRoute = lazy(() => import('./routes/metric.tsx'))
const SettingsRoute = lazy(() => import('./routes/settings.tsx'))
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'))
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'))

function RootRedirect() {
  const slug = lastWorkspace()
  return <Navigate to={slug ? `/w/${slug}` : '/workspaces'} replace />
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      children: [
        {
          element: <RequireNoSession />,
          children: [
            { path: '/sign-in', element: <SignInRoute /> },
            { path: '/sign-up', element: <SignUpRoute /> },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            { path: '/', element: <RootRedirect /> },
            { path: '/workspaces', element: <WorkspacesRoute /> },
            {
              path: '/w/:slug',
              element: <WorkspaceLayoutRoute />,
              children: [
                { index: true, element: <WorkspaceHomeRoute /> },
                { path: 'metrics', element: <MetricsRoute /> },
                { path: 'metrics/:key', element: <MetricRoute /> },
                { path: 'dashboards/:id', element: <DashboardRoute /> },
                { path: 'settings', element: <SettingsRoute /> },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
