import type { ReactNode } from 'react'
import type { AppError } from '../lib/error-catalogue.ts'

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      {label}
    </p>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  )
}

/** A catalogue error, never server text. */
export function ErrorMessage({ error, children }: { error: AppError; children?: ReactNode }) {
  return (
    <div className="state state-error" role="alert" data-error-code={error.code}>
      <p>{error.message}</p>
      {children}
    </div>
  )
}
