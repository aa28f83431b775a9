/**
 * The one catalogue of errors a user can meet (SPEC §8, documented in docs/errors.md): a stable
 * code, a plain message and a handling rule for each, and the mapping from what the services
 * answer — Hasura error codes and the constraint names our migrations raise, Nhost Auth's error
 * strings, HTTP statuses, network failures — to those codes. The UI shows `message` and never
 * the server's own text.
 */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors'

export type ErrorCode =
  | 'auth/invalid-credentials'
  | 'auth/email-taken'
  | 'auth/weak-password'
  | 'auth/invalid-email'
  | 'auth/account-disabled'
  | 'auth/unverified-email'
  | 'auth/sign-up-disabled'
  | 'session/expired'
  | 'network/offline'
  | 'permission/denied'
  | 'workspace/slug-taken'
  | 'metric/key-taken'
  | 'validation/failed'
  | 'limit/reached'
  | 'point/duplicate'
  | 'point/invalid'
  | 'file/too-large'
  | 'file/wrong-type'
  | 'import/failed'
  | 'ingest/key-invalid'
  | 'ingest/batch-too-large'
  | 'rate/limited'
  | 'share/link-invalid'
  | 'invitation/not-found'
  | 'invitation/expired'
  | 'invitation/revoked'
  | 'invitation/accepted'
  | 'invitation/wrong-account'
  | 'invitation/duplicate'
  | 'not-found'
  | 'unknown'

export interface CatalogueEntry {
  message: string
  /** What the app does about it (docs/errors.md prints these). */
  handling: string
}

export const ERROR_CATALOGUE: Record<ErrorCode, CatalogueEntry> = {
  'auth/invalid-credentials': {
    message: 'Wrong email or password.',
    handling: 'Stay on the sign-in form, keep the email, clear the password.',
  },
  'auth/email-taken': {
    message: 'An account with this email already exists. Sign in instead.',
    handling: 'Stay on the sign-up form with a link to sign in.',
  },
  'auth/weak-password': {
    message: 'The password needs at least 9 characters.',
    handling: 'Shown on the password field; checked before sending too.',
  },
  'auth/invalid-email': { message: 'Enter a valid email address.', handling: 'Shown on the email field; checked before sending too.' },
  'auth/account-disabled': { message: 'This account is disabled. Contact your workspace owner.', handling: 'Stay signed out.' },
  'auth/unverified-email': { message: 'Verify your email first: follow the link we sent you.', handling: 'Stay signed out.' },
  'auth/sign-up-disabled': { message: 'Sign-up is closed on this server.', handling: 'Stay on the form.' },
  'session/expired': {
    message: 'Your session has expired. Sign in again.',
    handling: 'Refresh the token silently and retry the call once; if that fails, go back to sign-in.',
  },
  'network/offline': {
    message: 'Cannot reach the server. Check your connection; live data resumes by itself.',
    handling: 'Banner at the top; subscriptions reconnect with backoff and resume.',
  },
  'permission/denied': {
    message: 'You do not have permission to do that in this workspace.',
    handling: 'Shown where the action was tried; nothing changes.',
  },
  'workspace/slug-taken': { message: 'This slug is already taken. Choose another.', handling: 'Shown on the slug field.' },
  'metric/key-taken': { message: 'A metric with this key already exists in the workspace.', handling: 'Shown on the key field.' },
  'validation/failed': { message: 'Some values are not valid.', handling: 'Shown on the field concerned with the rule it breaks.' },
  'limit/reached': { message: 'A limit of the workspace is reached.', handling: 'Shown where the action was tried, naming the limit.' },
  'point/duplicate': {
    message: 'This metric already has a point at that time.',
    handling: 'Shown on the time field; re-sending a point is idempotent for ingest clients.',
  },
  'point/invalid': {
    message: 'The point is not valid: the value must be a finite number and the time within the last 5 years and at most 1 day ahead.',
    handling: 'Shown on the form; the ingest function answers 422 with the index of the point.',
  },
  'file/too-large': {
    message: 'The file is too large.',
    handling: 'Shown on the file field with the limit (avatars 5 MB, attachments 10 MB, imports 20 MB).',
  },
  'file/wrong-type': { message: 'This type of file is not accepted here.', handling: 'Shown on the file field with the accepted types.' },
  'import/failed': {
    message: 'The import failed. See the rejected lines.',
    handling: 'Show the first 20 rejected lines with their numbers; the import can be retried.',
  },
  'ingest/key-invalid': { message: 'The ingest key is invalid or revoked.', handling: 'The ingest function answers 401.' },
  'ingest/batch-too-large': { message: 'Too many points in one request (at most 5,000).', handling: 'The ingest function answers 413.' },
  'rate/limited': { message: 'Too many requests. Wait a moment and try again.', handling: 'Wait for Retry-After before retrying (429).' },
  'share/link-invalid': {
    message: 'This share link is invalid or has been revoked.',
    handling: 'Public view shows this instead of the dashboard.',
  },
  'invitation/not-found': {
    message: 'This invitation link is not valid.',
    handling: 'The invitation page says so, with a link to the workspaces.',
  },
  'invitation/expired': {
    message: 'This invitation has expired. Ask an owner of the workspace for a new one.',
    handling: 'The invitation page says so; invitations last 7 days.',
  },
  'invitation/revoked': { message: 'This invitation was revoked by an owner of the workspace.', handling: 'The invitation page says so.' },
  'invitation/accepted': {
    message: 'This invitation has already been used.',
    handling: 'The invitation page says so, with a link to the workspaces.',
  },
  'invitation/wrong-account': {
    message: 'This invitation is for another email address. Sign in with the invited address.',
    handling: 'The invitation page offers to sign out and sign in again.',
  },
  'invitation/duplicate': {
    message: 'This address already has a pending invitation.',
    handling: 'Shown on the email field; revoke the old invitation to send a new one.',
  },
  'not-found': {
    message: 'Not found, or you are not a member of this workspace.',
    handling: 'Page-level message with a link back to the workspaces.',
  },
  unknown: { message: 'Something went wrong. Try again.', handling: 'Shown where the action was tried; details go to the console only.' },
}

export interface AppError {
  code: ErrorCode
  message: string
  /** The form field the error belongs to, when one does. */
  field?: string
  /** Seconds to wait (rate limiting), when the server said. */
  retryAfter?: number
}

interface ConstraintRule {
  code: ErrorCode
  field?: string
  message?: string
}

/** Constraint names raised by nhost/migrations (CHECKs, unique keys, rule triggers). */
export const CONSTRAINTS: Record<string, ConstraintRule> = {
  workspaces_slug_key: { code: 'workspace/slug-taken', field: 'slug' },
  workspaces_slug_format: {
    code: 'validation/failed',
    field: 'slug',
    message: 'Use 3–40 lowercase letters, digits or hyphens, starting and ending with a letter or digit.',
  },
  workspaces_name_length: { code: 'validation/failed', field: 'name', message: 'The name needs 1 to 80 characters.' },
  workspace_members_owner_limit: { code: 'limit/reached', message: 'You own 20 workspaces, the most one user may own.' },
  workspace_members_limit: { code: 'limit/reached', message: 'A workspace has at most 50 members.' },
  workspace_members_last_owner: { code: 'validation/failed', message: 'A workspace keeps at least one owner.' },
  metrics_workspace_id_key_key: { code: 'metric/key-taken', field: 'key' },
  metrics_key_format: {
    code: 'validation/failed',
    field: 'key',
    message: 'Start with a lowercase letter or digit; then up to 63 of a–z, 0–9, _ . -',
  },
  metrics_name_length: { code: 'validation/failed', field: 'name', message: 'The name needs 1 to 80 characters.' },
  metrics_unit_length: { code: 'validation/failed', field: 'unit', message: 'The unit has at most 16 characters.' },
  metrics_description_length: { code: 'validation/failed', field: 'description', message: 'The description has at most 1,000 characters.' },
  metrics_limit: { code: 'limit/reached', message: 'A workspace has at most 500 metrics.' },
  points_metric_id_ts_key: { code: 'point/duplicate', field: 'ts' },
  points_value_finite: { code: 'point/invalid', field: 'value', message: 'The value must be a finite number.' },
  points_ts_window: { code: 'point/invalid', field: 'ts', message: 'The time must be within the last 5 years and at most 1 day ahead.' },
  dashboards_title_length: { code: 'validation/failed', field: 'title', message: 'The title needs 1 to 80 characters.' },
  dashboards_description_length: {
    code: 'validation/failed',
    field: 'description',
    message: 'The description has at most 1,000 characters.',
  },
  dashboards_share_by_owners_only: { code: 'permission/denied', message: 'Only an owner of the workspace shares a dashboard.' },
  panels_limit: { code: 'limit/reached', message: 'A dashboard has at most 24 panels.' },
  panels_width_range: { code: 'validation/failed', field: 'width', message: 'The width is 1 to 4 columns.' },
  panels_bucket_seconds_valid: {
    code: 'validation/failed',
    field: 'bucketSeconds',
    message: 'Choose a bucket of 10 s, 1 min, 5 min, 15 min, 1 h or 1 day.',
  },
  panels_kind_valid: { code: 'validation/failed', field: 'kind', message: 'Choose line, bar, stat or table.' },
  panels_aggregation_valid: { code: 'validation/failed', field: 'aggregation', message: 'Choose avg, sum, min, max, count or last.' },
  panels_title_length: { code: 'validation/failed', field: 'title', message: 'The title has at most 80 characters.' },
  invitations_email_format: { code: 'validation/failed', field: 'email', message: 'Enter a valid email address.' },
  invitations_one_pending_per_email: { code: 'invitation/duplicate', field: 'email' },
  invitations_pending_only: { code: 'validation/failed', message: 'Only a pending invitation can change.' },
  invitations_revoke_only: { code: 'permission/denied', message: 'An owner revokes an invitation; only the invitee accepts it.' },
  alert_rules_name_length: { code: 'validation/failed', field: 'name', message: 'The name needs 1 to 80 characters.' },
  alert_rules_comparator_value: { code: 'validation/failed', field: 'comparator', message: 'Choose >, ≥, < or ≤.' },
  alert_rules_threshold_finite: { code: 'validation/failed', field: 'threshold', message: 'The threshold must be a finite number.' },
  alert_rules_window_seconds_range: { code: 'validation/failed', field: 'windowSeconds', message: 'The window is 10 to 86,400 seconds.' },
  alert_rules_for_seconds_range: { code: 'validation/failed', field: 'forSeconds', message: 'The hold time is 0 to 86,400 seconds.' },
  alerts_one_unresolved_per_rule: { code: 'validation/failed', message: 'This rule already has an unresolved alert.' },
  alerts_transition: { code: 'validation/failed', message: 'This alert has moved on meanwhile; reload it.' },
  alerts_resolve_by_editors: { code: 'permission/denied', message: 'Only editors and owners resolve an alert.' },
  notification_channels_name_length: { code: 'validation/failed', field: 'name', message: 'The name needs 1 to 80 characters.' },
  notification_channels_recipients_format: {
    code: 'validation/failed',
    field: 'recipients',
    message: 'Enter 1 to 10 email addresses, separated by commas.',
  },
  notification_channels_url_format: {
    code: 'validation/failed',
    field: 'url',
    message: 'Enter an http:// or https:// URL of at most 2,000 characters.',
  },
  notification_channels_target: { code: 'validation/failed', message: 'An email channel has addresses; a webhook channel has a URL.' },
  notification_channels_kind_value: { code: 'validation/failed', field: 'kind', message: 'Choose email or webhook.' },
  notification_channels_per_workspace: { code: 'validation/failed', message: 'A workspace has at most 20 notification channels.' },
  alert_messages_body_length: { code: 'validation/failed', field: 'body', message: 'A message has 1 to 2,000 characters.' },
  panels_metric_same_workspace: { code: 'validation/failed', field: 'metric', message: 'Choose a metric of this workspace.' },
  panel_metrics_same_workspace: { code: 'validation/failed', field: 'series', message: 'Choose metrics of this workspace.' },
  panel_metrics_distinct: { code: 'validation/failed', field: 'series', message: 'A panel shows each metric once.' },
  panel_metrics_panel_id_metric_id_key: { code: 'validation/failed', field: 'series', message: 'A panel shows each metric once.' },
  panel_metrics_limit: { code: 'limit/reached', field: 'series', message: 'A panel shows at most 5 metrics.' },
  panels_thresholds_valid: {
    code: 'validation/failed',
    field: 'thresholds',
    message: 'Up to 5 thresholds, each a number above the one before, with a colour.',
  },
  panels_height_range: { code: 'validation/failed', field: 'height', message: 'The height is 3 to 12 rows.' },
  dashboards_created_by_editors: { code: 'permission/denied' },
  dashboard_import_valid: { code: 'validation/failed', field: 'file', message: 'The file is not a dashboard this workspace can import.' },
  ingest_keys_name_length: { code: 'validation/failed', field: 'name', message: 'The name needs 1 to 80 characters.' },
  ingest_keys_revoked_final: { code: 'validation/failed', message: 'A revoked ingest key stays revoked.' },
  imports_file_same_workspace: { code: 'validation/failed', field: 'file', message: 'Import a CSV file uploaded to this workspace.' },
  imports_status_transition: {
    code: 'validation/failed',
    message: 'This import cannot be retried now: it is still running or has succeeded.',
  },
  annotations_text_length: { code: 'validation/failed', field: 'text', message: 'The text needs 1 to 500 characters.' },
  annotations_file_same_workspace: { code: 'validation/failed', field: 'file', message: 'Attach a file uploaded to this workspace.' },
}

/** Nhost Auth's `error` strings (the body of a refused call). */
const NHOST_AUTH_ERRORS: Record<string, ErrorCode> = {
  'invalid-email-password': 'auth/invalid-credentials',
  'user-already-exists': 'auth/email-taken',
  'email-already-in-use': 'auth/email-taken',
  'password-too-short': 'auth/weak-password',
  'password-in-hibp-database': 'auth/weak-password',
  'invalid-email': 'auth/invalid-email',
  'disabled-user': 'auth/account-disabled',
  'unverified-user': 'auth/unverified-email',
  'signup-disabled': 'auth/sign-up-disabled',
  'invalid-refresh-token': 'session/expired',
  'invalid-pat': 'session/expired',
  unauthorized: 'session/expired',
  'too-many-requests': 'rate/limited',
  'forbidden-anonymous': 'permission/denied',
  'access-denied': 'permission/denied',
}

export function catalogueError(code: ErrorCode, extra: Partial<Omit<AppError, 'code'>> = {}): AppError {
  return { code, message: ERROR_CATALOGUE[code].message, ...extra }
}

/** Maps anything thrown by nhost-js, Apollo or fetch to a catalogue entry. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0]
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined
    return fromHasura(code, first?.message ?? '')
  }
  if (ServerError.is(error)) return fromStatus(error.statusCode, undefined)
  if (isNhostFetchError(error)) {
    const body = error.body as { error?: unknown } | null
    const fromFunction = functionError(body?.error)
    if (fromFunction) return fromFunction
    const mapped = typeof body?.error === 'string' ? NHOST_AUTH_ERRORS[body.error] : undefined
    if (mapped) return catalogueError(mapped)
    return fromStatus(error.status, error.headers)
  }
  if (isNetworkFailure(error)) return catalogueError('network/offline')
  return catalogueError('unknown')
}

/** Hasura's `extensions.code` and message (the constraint name is all we read from the text). */
export function fromHasura(code: string | undefined, message: string): AppError {
  const constraint = /constraint "([a-z0-9_]+)"/i.exec(message)?.[1]
  const rule = constraint ? CONSTRAINTS[constraint] : undefined
  if (rule)
    return catalogueError(rule.code, { ...(rule.field ? { field: rule.field } : {}), ...(rule.message ? { message: rule.message } : {}) })
  switch (code) {
    case 'invalid-jwt':
    case 'invalid-headers':
      return catalogueError('session/expired')
    case 'permission-error':
    case 'access-denied':
      return catalogueError('permission/denied')
    case 'constraint-violation':
    case 'data-exception':
    case 'validation-failed':
    case 'parse-failed':
    case 'bad-request':
      // A field the role may not see is `validation-failed` too (Hasura hides it from the schema).
      return /not found in type/.test(message) ? catalogueError('permission/denied') : catalogueError('validation/failed')
    case 'not-found':
      return catalogueError('not-found')
    default:
      if (/JWT|JWSError/.test(message)) return catalogueError('session/expired')
      return catalogueError('unknown')
  }
}

function fromStatus(status: number, headers: Headers | undefined): AppError {
  if (status === 401) return catalogueError('session/expired')
  if (status === 403) return catalogueError('permission/denied')
  if (status === 404) return catalogueError('not-found')
  if (status === 413) return catalogueError('file/too-large')
  if (status === 429) {
    const retryAfter = Number(headers?.get('retry-after'))
    return catalogueError('rate/limited', Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {})
  }
  if (status === 502 || status === 503 || status === 504 || status === 0) return catalogueError('network/offline')
  return catalogueError('unknown')
}

/** The `{error: {code, message, field?, index?}}` answers of Pulseboard's own functions. */
function functionError(error: unknown): AppError | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, field } = error as { code?: unknown; field?: unknown }
  if (typeof code !== 'string' || !(code in ERROR_CATALOGUE)) return null
  return catalogueError(code as ErrorCode, typeof field === 'string' ? { field } : {})
}

function isAppError(error: unknown): error is AppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof (error as AppError).code === 'string' &&
    (error as AppError).code in ERROR_CATALOGUE &&
    'message' in error &&
    !(error instanceof Error)
  )
}

/** nhost-js's FetchError, recognised by shape so that this file needs no nhost-js import. */
function isNhostFetchError(error: unknown): error is { status: number; body: unknown; headers: Headers } {
  return error instanceof Error && 'status' in error && typeof error.status === 'number' && 'body' in error && 'headers' in error
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true // fetch() rejects with a TypeError when it cannot connect
  if (typeof CloseEvent !== 'undefined' && error instanceof CloseEvent) return true
  if (typeof Event !== 'undefined' && error instanceof Event && error.type === 'error') return true
  return false
}
