import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { getSafeRedirect } from './route-middleware.ts'

/** Where a fresh session goes: unconfirmed accounts to /confirm, others back to where they were headed. */
export function useSignedIn() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo')
  return useCallback(
    (user: AuthenticatedUser) => {
      // On a phone the code form sits below the page's explanation: land on it.
      void navigate(user.confirmed ? getSafeRedirect(redirectTo) : '/confirm#confirm-code', { replace: true })
    },
    [navigate, redirectTo],
  )
}
