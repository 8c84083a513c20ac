import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import type { AdminUser, AdminUserPatchBody } from '@storyreel/contracts/admin'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

import { adminApi } from './admin-api.ts'

const PAGE_SIZE = 20

type PendingChange = { user: AdminUser; changes: AdminUserPatchBody; title: string; body: string; toast: string }

function describeChange(user: AdminUser, changes: AdminUserPatchBody): Omit<PendingChange, 'user' | 'changes'> {
  if (changes.role) {
    return changes.role === 'admin'
      ? {
          title: `Make ${user.email} an admin?`,
          body: 'Admins can see every account and change roles, confirmation and access.',
          toast: `${user.email} is now an admin.`,
        }
      : {
          title: `Remove admin rights from ${user.email}?`,
          body: 'They keep their account and can still use the app.',
          toast: `${user.email} is no longer an admin.`,
        }
  }
  if (changes.plan) {
    return changes.plan === 'paid'
      ? {
          title: `Move ${user.email} to the paid plan?`,
          body: 'They can render 1080p videos and up to 50 a day.',
          toast: `${user.email} is on the paid plan.`,
        }
      : {
          title: `Move ${user.email} to the free plan?`,
          body: 'They go back to 3 renders a day at 720p.',
          toast: `${user.email} is on the free plan.`,
        }
  }
  if (changes.disabled !== undefined) {
    return changes.disabled
      ? {
          title: `Disable ${user.email}?`,
          body: 'They are signed out everywhere at once and cannot sign in until you enable the account again.',
          toast: `${user.email} is disabled.`,
        }
      : { title: `Enable ${user.email}?`, body: 'They can sign in again.', toast: `${user.email} is enabled.` }
  }
  return changes.confirmed
    ? {
        title: `Mark ${user.email} as confirmed?`,
        body: 'Do this only when you know the address belongs to them.',
        toast: `${user.email} is marked confirmed.`,
      }
    : {
        title: `Mark ${user.email} as unconfirmed?`,
        body: 'They will be asked for a new e-mail code.',
        toast: `${user.email} is marked unconfirmed.`,
      }
}

export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [pending, setPending] = useState<PendingChange>()

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim())
      setPage(1)
    }, 300)
    return () => clearTimeout(timer)
  }, [search])

  const users = useQuery({
    queryKey: ['admin', 'users', q, page],
    queryFn: () => adminApi.getUsers({ q, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
  const update = useMutation({
    mutationFn: (change: PendingChange) => adminApi.updateUser(change.user.id, change.changes, change.toast),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onSuccess: () => setPending(undefined),
  })

  const ask = (user: AdminUser, changes: AdminUserPatchBody) =>
    setPending({ user, changes, ...describeChange(user, changes) })
  const totalPages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE))

  return (
    <section aria-labelledby="users-title" className="glass rounded-3xl p-5 tablet:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="users-title" className="text-xl font-bold text-ink">
          Users {users.data ? <span className="text-base font-normal text-muted">({users.data.total})</span> : null}
        </h2>
        <label className="w-full tablet:w-72">
          <span className="sr-only">Search users</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search e-mail or name"
            className="block w-full rounded-full border border-line bg-surface px-4 py-2.5 text-sm text-ink placeholder:text-subtle focus:border-accent focus:outline-none"
          />
        </label>
      </div>

      <div className="mt-5 overflow-x-auto">
        <table className="w-full min-w-[50rem] text-left text-sm">
          <thead className="text-xs uppercase tracking-wider text-subtle">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Account
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Role
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Plan
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                E-mail
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Access
              </th>
              <th scope="col" className="py-2 font-medium">
                Joined
              </th>
            </tr>
          </thead>
          <tbody aria-busy={users.isFetching}>
            {users.isPending ? (
              <tr>
                <td colSpan={6} className="py-10 text-center text-muted">
                  Loading users…
                </td>
              </tr>
            ) : users.isError ? (
              <tr>
                <td colSpan={6} className="py-10 text-center text-muted">
                  Could not load users.{' '}
                  <button type="button" className="font-semibold text-accent" onClick={() => void users.refetch()}>
                    Try again
                  </button>
                </td>
              </tr>
            ) : users.data.users.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-10 text-center text-muted">
                  {q ? `No account matches “${q}”.` : 'No accounts yet.'}
                </td>
              </tr>
            ) : (
              users.data.users.map((user) => {
                const self = user.id === currentUserId
                return (
                  <tr key={user.id} className="border-t border-line align-middle">
                    <td className="py-3 pr-4">
                      <p className="font-medium text-ink">{user.email}</p>
                      <p className="text-xs text-muted">
                        {[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}
                        {self ? ' · you' : ''}
                      </p>
                    </td>
                    <td className="py-3 pr-4">
                      <select
                        aria-label={`Role of ${user.email}`}
                        value={user.role}
                        disabled={self}
                        onChange={(event) => ask(user, { role: event.target.value === 'admin' ? 'admin' : 'user' })}
                        className="rounded-lg border border-line bg-surface px-2 py-1.5 text-sm text-ink disabled:opacity-60"
                      >
                        <option value="user">User</option>
                        <option value="admin">Admin</option>
                      </select>
                    </td>
                    <td className="py-3 pr-4">
                      <select
                        aria-label={`Plan of ${user.email}`}
                        value={user.plan}
                        onChange={(event) => ask(user, { plan: event.target.value === 'paid' ? 'paid' : 'free' })}
                        className="rounded-lg border border-line bg-surface px-2 py-1.5 text-sm text-ink"
                      >
                        <option value="free">Free</option>
                        <option value="paid">Paid</option>
                      </select>
                    </td>
                    <td className="py-3 pr-4">
                      <button
                        type="button"
                        aria-pressed={user.confirmed}
                        aria-label={`${user.email} confirmed`}
                        onClick={() => ask(user, { confirmed: !user.confirmed })}
                        className={`rounded-full px-3 py-1 text-xs font-semibold ${user.confirmed ? 'bg-emerald-400/15 text-emerald-700 dark:text-emerald-400' : 'bg-amber-400/15 text-amber-700 dark:text-amber-300'}`}
                      >
                        {user.confirmed ? 'Confirmed' : 'Unconfirmed'}
                      </button>
                    </td>
                    <td className="py-3 pr-4">
                      <button
                        type="button"
                        aria-pressed={user.disabled}
                        aria-label={`${user.email} disabled`}
                        disabled={self}
                        onClick={() => ask(user, { disabled: !user.disabled })}
                        className={`rounded-full px-3 py-1 text-xs font-semibold disabled:opacity-60 ${user.disabled ? 'bg-rose-400/15 text-rose-700 dark:text-rose-400' : 'bg-raised text-muted'}`}
                      >
                        {user.disabled ? 'Disabled' : 'Active'}
                      </button>
                    </td>
                    <td className="py-3 text-muted">
                      <time dateTime={user.created_at}>{new Date(user.created_at).toLocaleDateString()}</time>
                    </td>
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label="Users pages" className="mt-4 flex items-center justify-between text-sm text-muted">
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={page <= 1}
          onClick={() => setPage((value) => value - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {totalPages}
        </span>
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={page >= totalPages}
          onClick={() => setPage((value) => value + 1)}
        >
          Next
        </button>
      </nav>

      <ConfirmDialog
        open={pending !== undefined}
        title={pending?.title ?? ''}
        confirmLabel="Confirm"
        tone={pending?.changes.disabled || pending?.changes.role === 'user' ? 'danger' : 'default'}
        busy={update.isPending}
        onClose={() => setPending(undefined)}
        onConfirm={() => pending && update.mutate(pending)}
      >
        {pending?.body}
      </ConfirmDialog>
    </section>
  )
}
