import { useQueryClient } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'

import { adminApi } from '#app/features/admin/admin-api.ts'
import { AdminSignIn } from '#app/features/admin/admin-sign-in.tsx'
import { RedeemCodesPanel } from '#app/features/admin/redeem-codes-panel.tsx'
import { StatsCards } from '#app/features/admin/stats-cards.tsx'
import { UsersTable } from '#app/features/admin/users-table.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { getAdminToken, useSession } from '#app/lib/session.ts'
import { storage } from '#app/lib/storage.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('admin-auth')

export function meta() {
  return [{ title: pageTitle('Admin') }, { name: 'robots', content: 'noindex' }]
}

export default function AdminRoute() {
  const { user } = useSession()
  const adminToken = useSyncExternalStore(storage.subscribe, getAdminToken, () => undefined)
  const queryClient = useQueryClient()
  const [signingOut, setSigningOut] = useState(false)
  if (!user) return null

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Admin console</h1>
          <p className="mt-1 text-sm text-muted">Accounts and the Free Week code pool.</p>
        </div>
        {adminToken ? (
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true)
              void adminApi.logout().finally(() => {
                queryClient.removeQueries({ queryKey: ['admin'] })
                setSigningOut(false)
              })
            }}
          >
            {signingOut ? 'Closing…' : 'Close admin session'}
          </button>
        ) : null}
      </header>
      {adminToken ? (
        <div className="mt-8 grid gap-6">
          <StatsCards />
          <UsersTable currentUserId={user.id} />
          <RedeemCodesPanel />
        </div>
      ) : (
        <AdminSignIn
          email={user.email}
          onSignedIn={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })}
        />
      )}
    </div>
  )
}
