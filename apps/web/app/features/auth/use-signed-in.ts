import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { CONFIRM_CODE_PATH, getSafeRedirect } from './route-middleware.ts'

/** Where a fresh session goes: unconfirmed accounts to the code screen, others back to where they were headed. */
export function useSignedIn() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo')
  return useCallback(
    (user: AuthenticatedUser) => {
      void navigate(user.confirmed ? getSafeRedirect(redirectTo) : CONFIRM_CODE_PATH, { replace: true })
    },
    [navigate, redirectTo],
  )
}
