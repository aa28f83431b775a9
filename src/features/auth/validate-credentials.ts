import { ERROR_CATALOGUE } from '../../lib/error-catalogue.ts'

export interface CredentialErrors {
  email?: string
  password?: string
}

/** SPEC §5: email well formed, password at least 9 characters (mirrors Nhost Auth's checks). */
export function validateCredentials(email: string, password: string, { signUp }: { signUp: boolean }): CredentialErrors {
  const errors: CredentialErrors = {}
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = ERROR_CATALOGUE['auth/invalid-email'].message
  if (password.length === 0) errors.password = 'Enter your password.'
  else if (signUp && password.length < 9) errors.password = ERROR_CATALOGUE['auth/weak-password'].message
  return errors
}
