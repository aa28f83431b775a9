/**
 * The app's configuration, parsed once at start and failing loudly (bulletproof-react's
 * `config/env.ts`). By default every service is on the page's own origin (the embedded backend
 * serves the app and all APIs on one port); with VITE_NHOST_SUBDOMAIN and VITE_NHOST_REGION the
 * same build talks to an Nhost Cloud project instead.
 */
export interface AppEnv {
  authUrl: string
  graphqlUrl: string
  graphqlWsUrl: string
  storageUrl: string
  functionsUrl: string
  /** Where this configuration points, for the footer and error reports. */
  target: 'same-origin' | 'nhost-cloud'
}

type RawEnv = Partial<Record<'VITE_NHOST_SUBDOMAIN' | 'VITE_NHOST_REGION', string>>

export function parseEnv(raw: RawEnv, origin: string): AppEnv {
  const subdomain = raw.VITE_NHOST_SUBDOMAIN?.trim() || undefined
  const region = raw.VITE_NHOST_REGION?.trim() || undefined
  if ((subdomain === undefined) !== (region === undefined)) {
    throw new Error('Configuration error: set both VITE_NHOST_SUBDOMAIN and VITE_NHOST_REGION, or neither')
  }
  if (subdomain && region) {
    if (!/^[a-z0-9-]+$/.test(subdomain) || !/^[a-z0-9-]+$/.test(region)) {
      throw new Error('Configuration error: VITE_NHOST_SUBDOMAIN and VITE_NHOST_REGION take a-z, 0-9 and -')
    }
    // Nhost Cloud's service hosts (nhost-js generateServiceUrl).
    const url = (service: string) => `https://${subdomain}.${service}.${region}.nhost.run/v1`
    const graphqlUrl = url('graphql')
    return {
      authUrl: url('auth'),
      graphqlUrl,
      graphqlWsUrl: graphqlUrl.replace(/^http/, 'ws'),
      storageUrl: url('storage'),
      functionsUrl: url('functions'),
      target: 'nhost-cloud',
    }
  }
  // The embedded backend's Nhost layout: each base URL ends in /v1 as on Nhost Cloud, which
  // nhost-js's session refresh needs (its refresh call must end in /v1/token).
  const base = origin.replace(/\/$/, '')
  return {
    authUrl: `${base}/auth/v1`,
    graphqlUrl: `${base}/graphql/v1`,
    graphqlWsUrl: `${base.replace(/^http/, 'ws')}/graphql/v1`,
    storageUrl: `${base}/storage/v1`,
    functionsUrl: `${base}/functions/v1`,
    target: 'same-origin',
  }
}

export const env: AppEnv = parseEnv(import.meta.env as RawEnv, globalThis.location?.origin ?? 'http://localhost:1337')
