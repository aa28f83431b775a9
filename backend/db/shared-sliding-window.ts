import type { RateLimitSetting } from '../lib/sliding-window.ts'
import { sql } from '../lib/sql.ts'
import type { Queryable } from './database.ts'

/**
 * A sliding-window limit counted in the database (`hdb_catalog.pulseboard_rate_windows`,
 * 51-pulseboard-rate-windows.sql), so that every instance sharing it counts against one limit:
 * N instances behind a load balancer do not give N times the password guesses. One statement per
 * call; the row lock of its upsert makes concurrent requests of one key count one at a time.
 * `now` (ms) is for tests; by default the database's clock decides, which all instances share.
 */
export class SharedSlidingWindow {
  constructor(
    private readonly db: Queryable,
    /** Names the limit: keys of different limits never meet. */
    private readonly name: string,
    private readonly setting: RateLimitSetting,
  ) {}

  /** Counts `amount` requests of `key` while each fits; false when one did not (it is not counted). */
  async allow(key: string, amount = 1, now?: number): Promise<boolean> {
    const { rows } = await this.db.query<{ allowed: boolean }>(
      sql`SELECT hdb_catalog.pulseboard_rate_take(${this.#key(key)}, ${this.setting.limit}, ${this.setting.intervalMs}, ${amount}, ${now ?? null}) AS allowed`,
    )
    return rows[0]!.allowed
  }

  /** Whether one more request of `key` would be allowed, without counting it. */
  async hasRoom(key: string, now?: number): Promise<boolean> {
    const { rows } = await this.db.query<{ room: boolean }>(
      sql`SELECT hdb_catalog.pulseboard_rate_has_room(${this.#key(key)}, ${this.setting.limit}, ${this.setting.intervalMs}, ${now ?? null}) AS room`,
    )
    return rows[0]!.room
  }

  /** Counts one event of `key` (a failed sign-in, for limits that count only those). */
  async count(key: string, now?: number): Promise<void> {
    await this.db.query(sql`SELECT hdb_catalog.pulseboard_rate_count(${this.#key(key)}, ${this.setting.intervalMs}, ${now ?? null})`)
  }

  /** Forgets `key` (an account whose owner has just proven who they are). */
  async forget(key: string): Promise<void> {
    await this.db.query(sql`DELETE FROM hdb_catalog.pulseboard_rate_windows WHERE window_key = ${this.#key(key)}`)
  }

  /** Seconds until a refused client may try again, for `Retry-After`. */
  retryAfterSeconds(now = Date.now()): number {
    const { intervalMs } = this.setting
    return Math.max(1, Math.ceil((intervalMs - (now % intervalMs)) / 1000))
  }

  #key(key: string): string {
    return `${this.name}\u001f${key}`
  }
}
