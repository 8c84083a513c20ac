import type { ReactNode } from 'react'

import { AlertIcon } from './icons.tsx'

/** Grey rows in the shape of a list that is still loading, announced as busy under `label`. */
export function LoadingRows({ label, rows = 2, rowClassName }: { label: string; rows?: number; rowClassName: string }) {
  return (
    <ul className="mt-5 space-y-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className={`animate-pulse rounded-2xl border border-line bg-surface ${rowClassName}`} />
      ))}
    </ul>
  )
}

/** A list that could not be loaded: what failed, and a way to ask again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 text-sm text-rose-700 dark:text-rose-400">
      <AlertIcon className="h-4 w-4 shrink-0" />
      {children}
      <button type="button" className="font-semibold text-accent underline-offset-4 hover:underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
