import { useState } from 'react'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'

/** Runs a mutation and keeps its catalogue error for the place it was tried. */
export function useAction(): { error: AppError | null; run(action: () => Promise<unknown>): Promise<boolean> } {
  const [error, setError] = useState<AppError | null>(null)
  return {
    error,
    async run(action) {
      setError(null)
      try {
        await action()
        return true
      } catch (caught) {
        setError(toAppError(caught))
        return false
      }
    },
  }
}
