import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { sql, type SqlFragment } from '../lib/sql.ts'

/** A row of `auth.users` with the user's roles, as the auth service reads it. */
export interface AuthUser {
  id: string
  createdAt: string
  displayName: string
  avatarUrl: string
  locale: string
  email: string | null
  newEmail: string | null
  phoneNumber: string | null
  passwordHash: string | null
  emailVerified: boolean
  phoneNumberVerified: boolean
  defaultRole: string
  isAnonymous: boolean
  disabled: boolean
  metadata: Record<string, unknown> | null
  activeMfaType: string | null
  /** Roles from `auth.user_roles`, oldest first. */
  roles: string[]
}

/** The `User` object of Nhost's OpenAPI, as sessions and `GET /user` return it. */
export interface UserPayload {
  avatarUrl: string
  createdAt: string
  defaultRole: string
  displayName: string
  email?: string
  emailVerified: boolean
  id: string
  isAnonymous: boolean
  locale: string
  metadata: Record<string, unknown>
  phoneNumber?: string
  phoneNumberVerified: boolean
  roles: string[]
  activeMfaType?: string
}

const USER_COLUMNS = sql`
  u.id,
  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
  u.display_name AS "displayName",
  u.avatar_url AS "avatarUrl",
  u.locale,
  u.email::text AS email,
  u.new_email::text AS "newEmail",
  u.phone_number AS "phoneNumber",
  u.password_hash AS "passwordHash",
  u.email_verified AS "emailVerified",
  u.phone_number_verified AS "phoneNumberVerified",
  u.default_role AS "defaultRole",
  u.is_anonymous AS "isAnonymous",
  u.disabled,
  u.metadata,
  u.active_mfa_type AS "activeMfaType",
  coalesce((SELECT json_agg(r.role ORDER BY r.created_at, r.role) FROM auth.user_roles r WHERE r.user_id = u.id), '[]'::json) AS roles`

export async function findUser(db: Queryable, where: SqlFragment): Promise<AuthUser | undefined> {
  const { rows } = await db.query<AuthUser>(sql`SELECT ${USER_COLUMNS} FROM auth.users u WHERE ${where} LIMIT 1`)
  return rows[0]
}

export const findUserById = (db: Queryable, id: string) => findUser(db, sql`u.id = ${id}::uuid`)
export const findUserByEmail = (db: Queryable, email: string) => findUser(db, sql`u.email = ${email}::citext`)

/**
 * Takes a ticket once: the user whose unexpired ticket it is, with the ticket cleared in the same
 * statement so that a link from a mail works a single time.
 */
export async function takeUserByTicket(db: Queryable, ticket: string): Promise<AuthUser | undefined> {
  const { rows } = await db.query<{ id: string }>(sql`
    UPDATE auth.users SET ticket = NULL, ticket_expires_at = now()
    WHERE ticket = ${ticket} AND ticket_expires_at > now()
    RETURNING id`)
  return rows[0] ? findUserById(db, rows[0].id) : undefined
}

/** Ticket kinds, written as the ticket's prefix (Nhost's `TicketType`). */
export const TICKET_TYPES = ['verifyEmail', 'passwordReset', 'emailConfirmChange', 'passwordlessEmail'] as const
export type TicketType = (typeof TICKET_TYPES)[number]

/** A new single-use ticket, `<type>:<uuid>` as Nhost's `generateTicket` writes it. */
export function newTicket(type: TicketType): string {
  return `${type}:${randomUUID()}`
}

export async function setUserTicket(db: Queryable, userId: string, ticket: string, expiresInMs: number): Promise<void> {
  await db.query(sql`
    UPDATE auth.users SET ticket = ${ticket}, ticket_expires_at = now() + ${expiresInMs} * interval '1 millisecond'
    WHERE id = ${userId}::uuid`)
}

/** Roles a token carries: the user's roles plus the default role, as Nhost's `NewSession` builds them. */
export function allowedRolesOf(user: Pick<AuthUser, 'roles' | 'defaultRole'>): string[] {
  return user.roles.includes(user.defaultRole) ? user.roles : [...user.roles, user.defaultRole]
}

export function toUserPayload(user: AuthUser): UserPayload {
  return {
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt,
    defaultRole: user.defaultRole,
    displayName: user.displayName,
    ...(user.email !== null ? { email: user.email } : {}),
    emailVerified: user.emailVerified,
    id: user.id,
    isAnonymous: user.isAnonymous,
    locale: user.locale,
    metadata: user.metadata ?? {},
    ...(user.phoneNumber !== null ? { phoneNumber: user.phoneNumber } : {}),
    phoneNumberVerified: user.phoneNumberVerified,
    roles: allowedRolesOf(user),
    // Go's `omitempty`: Nhost leaves the key out when no MFA is active.
    ...(user.activeMfaType !== null ? { activeMfaType: user.activeMfaType } : {}),
  }
}

export interface NewUser {
  email: string | null
  passwordHash: string | null
  displayName: string
  avatarUrl: string
  locale: string
  defaultRole: string
  roles: string[]
  metadata: Record<string, unknown> | null
  isAnonymous: boolean
  disabled: boolean
  ticket?: { value: string; expiresInMs: number }
}

/** Inserts a user and its roles in one statement; a taken email fails on `users_email_key`. */
export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const ticket = user.ticket?.value ?? null
  const ticketExpiresInMs = user.ticket?.expiresInMs ?? 0
  const { rows } = await db.query<{ id: string }>(sql`
    WITH new_user AS (
      INSERT INTO auth.users (email, password_hash, display_name, avatar_url, locale, default_role, metadata,
        is_anonymous, disabled, ticket, ticket_expires_at)
      VALUES (${user.email}, ${user.passwordHash}, ${user.displayName}, ${user.avatarUrl}, ${user.locale},
        ${user.defaultRole}, ${user.metadata === null ? null : JSON.stringify(user.metadata)}::jsonb,
        ${user.isAnonymous}, ${user.disabled}, ${ticket}, now() + ${ticketExpiresInMs} * interval '1 millisecond')
      RETURNING id
    ), roles AS (
      INSERT INTO auth.user_roles (user_id, role)
      SELECT new_user.id, role FROM new_user, unnest(${user.roles}::text[]) AS role
    )
    SELECT id FROM new_user`)
  return rows[0]!.id
}
