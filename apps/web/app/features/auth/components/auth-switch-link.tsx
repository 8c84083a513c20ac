import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'

/** Between sign-in and registration, keeping where the visitor was headed (`redirectTo`). */
export function AuthSwitchLink({ to, children }: { to: '/auth/login' | '/auth/register'; children: ReactNode }) {
  const [params] = useSearchParams()
  const href = params.get('redirectTo') ? `${to}?${params.toString()}` : to
  return (
    <Link to={href} className="font-semibold text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  )
}
