import bcrypt from 'bcryptjs'

/**
 * bcrypt cost 10, Go's `bcrypt.DefaultCost`, which Nhost Auth uses: hashes made by Nhost verify
 * here and the other way round. Measured with bcryptjs on the 2-vCPU development machine: about
 * 120 ms per hash and per compare, which is most of a sign-in's time.
 */
export const BCRYPT_COST = 10

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}

let dummyHash: Promise<string> | undefined

/**
 * Compares a password with the stored hash. With no hash (no such user, or a user without a
 * password) it still runs one bcrypt comparison against a throwaway hash, so that the answer
 * takes as long whether or not the email exists.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= bcrypt.hash('pulseboard-timing-equaliser', BCRYPT_COST)
    await bcrypt.compare(password, await dummyHash)
    return false
  }
  return bcrypt.compare(password, hash)
}
