/**
 * SPEC §5, as the database checks them (nhost/migrations …_workspaces: workspaces_name_length,
 * workspaces_slug_format), so that the form says so before sending.
 */
import { CONSTRAINTS } from '../../lib/error-catalogue.ts'

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/

export interface WorkspaceFormErrors {
  name?: string
  slug?: string
}

export function validateWorkspace(name: string, slug: string): WorkspaceFormErrors {
  const errors: WorkspaceFormErrors = {}
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > 80) errors.name = CONSTRAINTS.workspaces_name_length!.message!
  if (!SLUG_PATTERN.test(slug)) errors.slug = CONSTRAINTS.workspaces_slug_format!.message!
  return errors
}

/** A slug suggested from the name: lowercase, non-alphanumerics to single hyphens, trimmed to 40. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '')
}
