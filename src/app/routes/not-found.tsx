import { Link } from 'react-router'
import { catalogueError } from '../../lib/error-catalogue.ts'
import { ErrorMessage } from '../../ui/states.tsx'

export default function NotFoundRoute() {
  return (
    <div className="page">
      <ErrorMessage error={catalogueError('not-found', { message: 'This page does not exist.' })}>
        <Link to="/">Go home</Link>
      </ErrorMessage>
    </div>
  )
}
