import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storyreel/contracts/auth'

import { CheckIcon } from '#app/components/ui/icons.tsx'

/** The rules the API enforces, checked as the person types; the common-password check is the server's. */
export function getPasswordRules(password: string) {
  const length = [...password].length
  return [
    { label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: length >= PASSWORD_MIN_LENGTH },
    { label: `At most ${PASSWORD_MAX_LENGTH} characters`, met: length > 0 && length <= PASSWORD_MAX_LENGTH },
    { label: 'Not a common password (we check when you submit)', met: undefined },
  ]
}

export function PasswordRules({ password }: { password: string }) {
  return (
    <ul className="space-y-1" aria-label="Password rules">
      {getPasswordRules(password).map((rule) => (
        <li
          key={rule.label}
          className={`flex items-center gap-2 ${rule.met ? 'text-emerald-700 dark:text-emerald-400' : 'text-subtle'}`}
        >
          <CheckIcon className={`h-3.5 w-3.5 ${rule.met ? '' : 'opacity-40'}`} />
          <span>
            {rule.label}
            {rule.met === undefined ? null : <span className="sr-only">{rule.met ? ' (met)' : ' (not met yet)'}</span>}
          </span>
        </li>
      ))}
    </ul>
  )
}
