import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import type { SessionInfo } from '@storyreel/contracts/auth'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { LaptopIcon, PhoneIcon } from '#app/components/ui/icons.tsx'
import { toasts } from '#app/lib/toast.ts'

import { authApi } from '../auth-api.ts'
import { formatDay, formatTimeAgo } from '../session-time.ts'

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const

const HANDHELD = /iPhone|iPad|Android|Phone|Tablet/

/** "Safari 18 on iOS 18.1", whatever parts of it are known. */
function describeSoftware(session: SessionInfo): string | undefined {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`
  return session.browser ?? session.os ?? undefined
}

/** Where the account is signed in, newest use first; any other session can be signed out at once. */
export function SessionsSection() {
  const queryClient = useQueryClient()
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => authApi.listSessions() })
  const [ending, setEnding] = useState<string>()
  // Times are told as of the answer, so they read the same on every render until the list is read again.
  const now = sessions.dataUpdatedAt
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current).length

  async function end(target: 'others' | SessionInfo) {
    setEnding(target === 'others' ? 'others' : target.id)
    try {
      if (target === 'others') {
        const { revoked } = await authApi.revokeOtherSessions()
        toasts.notify({
          tone: 'positive',
          message: revoked === 1 ? 'One other device was signed out.' : `${revoked} other devices were signed out.`,
        })
      } else {
        await authApi.revokeSession(target.id)
        toasts.notify({ tone: 'positive', message: `${target.device} was signed out.` })
      }
    } catch {
      // The toast says why; the list below is read again either way.
    } finally {
      setEnding(undefined)
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY })
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="glass mt-6 rounded-3xl p-6 tablet:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="sessions-title" className="text-lg font-bold text-ink">
            Where you’re signed in
          </h2>
          <p className="mt-1 text-sm text-muted">Sign out any device you don’t recognise, then change your password.</p>
        </div>
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={others === 0 || ending !== undefined}
          onClick={() => void end('others')}
        >
          {ending === 'others' ? <Spinner /> : null}
          Sign out all other devices
        </button>
      </div>

      {sessions.isPending ? (
        <LoadingRows label="Loading your sessions" rowClassName="h-[4.5rem]" />
      ) : sessions.isError ? (
        <LoadFailed onRetry={() => void sessions.refetch()}>Your sessions could not be loaded.</LoadFailed>
      ) : (
        <ul className="mt-5 space-y-3">
          {list.map((session) => {
            const Icon = HANDHELD.test(`${session.device} ${session.os ?? ''}`) ? PhoneIcon : LaptopIcon
            const software = describeSoftware(session)
            const lastUsed = session.last_used_at ?? session.created_at
            return (
              <li key={session.id} className="flex gap-4 rounded-2xl border border-line bg-surface px-4 py-3">
                <span className="mt-0.5 grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-raised text-muted">
                  <Icon className="h-5 w-5" />
                </span>
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
                      {session.device}
                      {session.kind === 'admin' ? (
                        <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted">
                          Admin console
                        </span>
                      ) : null}
                      {session.current ? (
                        <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-300">
                          This device
                        </span>
                      ) : null}
                    </p>
                    {software ? <p className="mt-0.5 text-sm text-muted">{software}</p> : null}
                    <p className="mt-0.5 text-sm text-subtle">
                      {session.current ? 'Active now' : `Active ${formatTimeAgo(lastUsed, now)}`} · Signed in{' '}
                      {formatDay(session.created_at)}
                    </p>
                  </div>
                  {session.current ? null : (
                    <button
                      type="button"
                      className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-rose-400/60 hover:text-rose-700 disabled:opacity-60 dark:hover:text-rose-400"
                      disabled={ending !== undefined}
                      aria-label={`Sign out ${session.device}${software ? `, ${software}` : ''}`}
                      onClick={() => void end(session)}
                    >
                      {ending === session.id ? 'Signing out…' : 'Sign out'}
                    </button>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
