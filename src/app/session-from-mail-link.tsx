import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../lib/session.tsx'
import { Loading } from '../ui/states.tsx'

/**
 * A verification mail's link went through Nhost Auth's `/verify`, which signed the user in and
 * sent them back to the page they signed up from (an invitation, say) with `refreshToken` in the
 * URL: trade it for a session, then stay on that page without the token in the address. A link
 * that no longer works goes to sign-in, which returns to the page afterwards.
 */
export function SessionFromMailLink({ refreshToken }: { refreshToken: string }) {
  const { nhost } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const params = new URLSearchParams(location.search)
    params.delete('refreshToken')
    params.delete('type')
    const query = params.toString()
    const page = `${location.pathname}${query ? `?${query}` : ''}`
    nhost.auth
      .refreshToken({ refreshToken })
      .then(({ body }) => {
        nhost.sessionStorage.set(body)
        navigate(page, { replace: true })
      })
      .catch(() => navigate('/sign-in', { replace: true, state: { from: page } }))
  }, [nhost, refreshToken, location, navigate])

  return <Loading label="Signing you in…" />
}
