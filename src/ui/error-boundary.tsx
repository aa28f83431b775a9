import { Component, type ErrorInfo, type ReactNode } from 'react'
import { catalogueError } from '../lib/error-catalogue.ts'
import { ErrorMessage } from './states.tsx'

interface Props {
  children: ReactNode
  /** Names the region in the console report. */
  region: string
}

/** One per page region (bulletproof-react's error handling): a crash stays in its region. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.region}]`, error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ErrorMessage error={catalogueError('unknown')}>
        <button type="button" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </ErrorMessage>
    )
  }
}
