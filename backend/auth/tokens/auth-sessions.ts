import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { allowedRolesOf, findUser, toUserPayload, type AuthUser, type UserPayload } from '../auth-users.ts'

/** Nhost Auth's token pair and user (`Session` in nhost-js's auth client, imported there as `AuthSession`). Not the request session of backend/session. */
export interface AuthSession {
  accessToken: string
  accessTokenExpiresIn: number
  refreshToken: string
  refreshTokenId: string
  user: UserPayload
}

/**
 * Refresh tokens and PATs are random UUIDs (Nhost's OpenAPI pattern requires that form) stored
 * only as a SHA-256 digest, written as Nhost writes it (`\x` + hex) so that rows are
 * interchangeable with Nhost Auth's.
 */
export function hashRefreshToken(token: string): string {
  return `\\x${createHash('sha256').update(token).digest('hex')}`
}

export async function insertRefreshToken(
  db: Queryable,
  userId: string,
  options: { type: 'regular' | 'pat'; expiresAt: Date; metadata?: Record<string, unknown> },
): Promise<{ id: string; token: string }> {
  const token = randomUUID()
  const metadata = options.metadata === undefined ? null : JSON.stringify(options.metadata)
  const { rows } = await db.query<{ id: string }>(sql`
    INSERT INTO auth.refresh_tokens (user_id, refresh_token_hash, expires_at, type, metadata)
    VALUES (${userId}::uuid, ${hashRefreshToken(token)}, ${options.expiresAt.toISOString()}::timestamptz,
      ${options.type}, ${metadata}::jsonb)
    RETURNING id`)
  return { id: rows[0]!.id, token }
}

export async function signAccessToken(auth: AuthContext, user: AuthUser): Promise<string> {
  return auth.tokens.sign({
    userId: user.id,
    defaultRole: user.defaultRole,
    allowedRoles: allowedRolesOf(user),
    isAnonymous: user.isAnonymous,
  })
}

/** A new session for a user who just proved who they are (Nhost's `NewSession`). */
export async function createSession(auth: AuthContext, db: Queryable, user: AuthUser): Promise<AuthSession> {
  const expiresAt = new Date(Date.now() + auth.settings.refreshTokenExpiresIn * 1000)
  const refresh = await insertRefreshToken(db, user.id, { type: 'regular', expiresAt })
  await db.query(sql`UPDATE auth.users SET last_seen = now() WHERE id = ${user.id}::uuid`)
  return {
    accessToken: await signAccessToken(auth, user),
    accessTokenExpiresIn: auth.tokens.expiresIn,
    refreshToken: refresh.token,
    refreshTokenId: refresh.id,
    user: toUserPayload(user),
  }
}

/** The user owning an unexpired refresh token of the given type, or undefined. */
export function findUserByRefreshToken(db: Queryable, token: string, type: 'regular' | 'pat'): Promise<AuthUser | undefined> {
  return findUser(
    db,
    sql`u.id = (
    SELECT t.user_id FROM auth.refresh_tokens t
    WHERE t.refresh_token_hash = ${hashRefreshToken(token)} AND t.type = ${type} AND t.expires_at > now())`,
  )
}

/**
 * Exchanges a refresh token for a new session. The row keeps its id but gets a new hash and
 * expiry in one UPDATE, as Nhost's `RefreshTokenAndGetUserRoles` does: a spent token no longer
 * matches any row, and of two concurrent exchanges of the same token only one finds it. The old
 * hash is kept as spent, for `revokeFamilyOfSpentToken`.
 */
export async function rotateRefreshToken(auth: AuthContext, db: Queryable, oldToken: string, user: AuthUser): Promise<AuthSession> {
  const token = randomUUID()
  const expiresAt = new Date(Date.now() + auth.settings.refreshTokenExpiresIn * 1000)
  const oldHash = hashRefreshToken(oldToken)
  const { rows } = await db.query<{ id: string }>(sql`
    WITH rotated AS (
      UPDATE auth.refresh_tokens
      SET refresh_token_hash = ${hashRefreshToken(token)}, expires_at = ${expiresAt.toISOString()}::timestamptz
      WHERE refresh_token_hash = ${oldHash} AND type = 'regular' AND expires_at > now()
        AND user_id = ${user.id}::uuid
      RETURNING id, expires_at
    ), spent AS (
      INSERT INTO auth.spent_refresh_tokens (refresh_token_hash, refresh_token_id, expires_at)
      SELECT ${oldHash}, id, expires_at FROM rotated
      ON CONFLICT (refresh_token_hash) DO NOTHING
    )
    SELECT id FROM rotated`)
  if (!rows[0]) throw new AuthError('invalid-refresh-token')
  return {
    accessToken: await signAccessToken(auth, user),
    accessTokenExpiresIn: auth.tokens.expiresIn,
    refreshToken: token,
    refreshTokenId: rows[0].id,
    user: toUserPayload(user),
  }
}

/**
 * A spent refresh token presented again was copied: a thief used it first, or the owner is the
 * one who is late. Either way the whole family (the session) ends, so the stolen and the
 * legitimate copy both stop working. True when a family was ended.
 */
export async function revokeFamilyOfSpentToken(db: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await db.query(sql`
    DELETE FROM auth.refresh_tokens WHERE id = (
      SELECT refresh_token_id FROM auth.spent_refresh_tokens WHERE refresh_token_hash = ${hashRefreshToken(token)})`)
  return rowCount > 0
}

/**
 * Nhost's `ValidateUser`: who may hold a session. `allowAnonymous` is for the endpoints that
 * tolerate anonymous users (refreshing a token, reading `/user`).
 */
export function assertUserMayHaveSession(
  auth: AuthContext,
  user: AuthUser,
  options: { allowAnonymous?: boolean; allowUnverified?: boolean } = {},
): void {
  if (user.disabled) throw new AuthError('disabled-user')
  if (!user.isAnonymous && !user.emailVerified && auth.settings.emailVerificationRequired && !options.allowUnverified) {
    throw new AuthError('unverified-user')
  }
  if (user.isAnonymous && !options.allowAnonymous) throw new AuthError('forbidden-anonymous')
}
