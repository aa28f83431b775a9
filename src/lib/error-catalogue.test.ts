import { readFileSync } from 'node:fs'
import { FetchError } from '@nhost/nhost-js/fetch'
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors'
import { describe, expect, it } from 'vitest'
import { CONSTRAINTS, ERROR_CATALOGUE, fromHasura, toAppError } from './error-catalogue.ts'

const hasuraError = (code: string, message: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code, path: '$' } }] })

describe('error catalogue', () => {
  it('maps constraint names in Hasura messages to codes and fields, never passing the text on', () => {
    expect(
      toAppError(
        hasuraError('constraint-violation', 'Uniqueness violation. duplicate key value violates unique constraint "workspaces_slug_key"'),
      ),
    ).toEqual({ code: 'workspace/slug-taken', message: ERROR_CATALOGUE['workspace/slug-taken'].message, field: 'slug' })
    expect(
      toAppError(
        hasuraError(
          'constraint-violation',
          'Uniqueness violation. duplicate key value violates unique constraint "metrics_workspace_id_key_key"',
        ),
      ),
    ).toMatchObject({ code: 'metric/key-taken', field: 'key' })
    expect(
      toAppError(
        hasuraError(
          'permission-error',
          'Check constraint violation. new row for relation "metrics" violates check constraint "metrics_key_format"',
        ),
      ),
    ).toMatchObject({ code: 'validation/failed', field: 'key', message: CONSTRAINTS.metrics_key_format!.message })
    expect(
      toAppError(
        hasuraError(
          'permission-error',
          'Check constraint violation. violates check constraint "panels_limit": a dashboard has at most 24 panels',
        ),
      ),
    ).toMatchObject({ code: 'limit/reached', message: 'A dashboard has at most 24 panels.' })
  })

  it('maps Hasura codes without a known constraint', () => {
    expect(fromHasura('invalid-jwt', 'Could not verify JWT: JWTExpired').code).toBe('session/expired')
    expect(fromHasura('permission-error', 'check constraint of an insert permission has failed').code).toBe('permission/denied')
    expect(fromHasura('validation-failed', "field 'share_token' not found in type: 'dashboards'").code).toBe('permission/denied')
    expect(fromHasura('validation-failed', 'expected a value').code).toBe('validation/failed')
    expect(fromHasura('unexpected', 'unexpected error').code).toBe('unknown')
  })

  it('maps Nhost Auth errors, HTTP statuses and network failures', () => {
    const nhost = (status: number, error: string, headers: Record<string, string> = {}) =>
      new FetchError({ status, error, message: 'server text' }, status, new Headers(headers))
    expect(toAppError(nhost(401, 'invalid-email-password')).code).toBe('auth/invalid-credentials')
    expect(toAppError(nhost(409, 'user-already-exists')).code).toBe('auth/email-taken')
    expect(toAppError(nhost(400, 'password-too-short')).code).toBe('auth/weak-password')
    expect(toAppError(nhost(401, 'invalid-refresh-token')).code).toBe('session/expired')
    expect(toAppError(nhost(429, 'something-new', { 'retry-after': '7' }))).toMatchObject({ code: 'rate/limited', retryAfter: 7 })
    expect(toAppError(nhost(413, 'whatever')).code).toBe('file/too-large')
    const fn = (status: number, code: string) => new FetchError({ error: { code, message: 'server text' } }, status, new Headers())
    expect(toAppError(fn(410, 'invitation/expired')).code).toBe('invitation/expired')
    expect(toAppError(fn(404, 'share/link-invalid')).code).toBe('share/link-invalid')
    expect(toAppError(fn(500, 'something/else')).code).toBe('unknown')
    expect(toAppError(new ServerError('bad gateway', { response: new Response(null, { status: 502 }), bodyText: '' })).code).toBe(
      'network/offline',
    )
    expect(toAppError(new TypeError('fetch failed')).code).toBe('network/offline')
    expect(toAppError(new Error('boom')).code).toBe('unknown')
  })

  it('every constraint rule points at a catalogue code', () => {
    for (const rule of Object.values(CONSTRAINTS)) expect(ERROR_CATALOGUE[rule.code]).toBeDefined()
  })

  it('docs/errors.md lists every code with its message and handling, and every constraint', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(doc).toContain(`| \`${code}\` | ${entry.message} | ${entry.handling} |`)
    }
    for (const name of Object.keys(CONSTRAINTS)) expect(doc).toContain(`\`${name}\``)
  })

  it('names only constraints that the migrations define', () => {
    const migrations = [
      '1795317561430_workspaces',
      '1795317561431_metrics_points',
      '1795317561432_dashboards_panels',
      '1795317561500_team',
      '1795317561600_ingest_imports_annotations',
      '1795700000000_alert_notifications',
      '1795750000000_panel_series_thresholds',
      '1795800000000_dashboard_layout',
    ]
      .map((dir) => readFileSync(new URL(`../../nhost/migrations/default/${dir}/up.sql`, import.meta.url), 'utf8'))
      .join('\n')
    for (const name of Object.keys(CONSTRAINTS)) expect(migrations, name).toContain(name)
  })
})
