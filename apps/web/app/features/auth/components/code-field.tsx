import { useId, type ReactNode, type RefObject } from 'react'

import { CONFIRMATION_CODE_LENGTH } from '@storyreel/contracts/auth'

import { AlertIcon } from '#app/components/ui/icons.tsx'

import { CodeInput } from './code-input.tsx'

/** A problem with a whole form, said under it and announced at once. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex gap-2 text-sm text-rose-700 dark:text-rose-400">
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  )
}

/**
 * The six code boxes under their label, with a problem shown beside them (and read out with each box),
 * then whatever the form adds below (a resend line).
 */
export function CodeField({
  label,
  value,
  onChange,
  onComplete,
  disabled,
  problem,
  groupRef,
  children,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  onComplete?: (value: string) => void
  disabled: boolean
  problem: string | undefined
  groupRef?: RefObject<HTMLDivElement | null>
  children?: ReactNode
}) {
  const labelId = useId()
  const problemId = useId()
  return (
    <div>
      <p id={labelId} className="mb-2 text-sm font-medium text-ink">
        {label}
      </p>
      <CodeInput
        length={CONFIRMATION_CODE_LENGTH}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        disabled={disabled}
        invalid={problem !== undefined}
        labelledBy={labelId}
        describedBy={problem ? problemId : undefined}
        groupRef={groupRef}
      />
      {problem ? (
        <p id={problemId} className="mt-2 flex gap-2 text-sm text-rose-700 dark:text-rose-400">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {problem}
        </p>
      ) : null}
      {children}
    </div>
  )
}
