import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import {
  CONFIRMATION_CODE_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type AuthenticatedUser,
} from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { STORAGE_KEYS } from '#app/lib/storage.ts'

import { authApi } from '../auth-api.ts'
import { describeError, isCodeProblem } from '../describe-error.ts'
import { useResendCountdown } from '../use-resend-countdown.ts'
import { ResendControl } from './resend-control.tsx'
import { CodeField, FormProblem } from './code-field.tsx'
import { PasswordRules } from './password-rules.tsx'

/**
 * The second step of a reset: the e-mailed code and the new password, in one form. A wrong code is shown
 * beside the boxes (which clear for another try), a weak password beside its field; what was typed stays.
 */
export function ResetPasswordForm({
  initialEmail,
  onDone,
}: {
  initialEmail: string
  onDone: (user: AuthenticatedUser) => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [codeProblem, setCodeProblem] = useState<string>()
  const [passwordProblem, setPasswordProblem] = useState<string>()
  const [formProblem, setFormProblem] = useState<string>()
  const { left, restart } = useResendCountdown(STORAGE_KEYS.lastPasswordResetCodeSentAt)
  const codeRef = useRef<HTMLDivElement>(null)
  const address = email.trim().toLowerCase()
  const ready = code.length === CONFIRMATION_CODE_LENGTH && password.length > 0 && address.length > 0

  // The boxes are disabled while the form is sent, which drops focus; a wrong code puts it back in the first.
  useEffect(() => {
    if (codeProblem && !pending) codeRef.current?.querySelector('input')?.focus()
  }, [codeProblem, pending])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!ready || pending) return
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      setPasswordProblem(`Use at least ${PASSWORD_MIN_LENGTH} characters.`)
      return
    }
    setPending(true)
    setCodeProblem(undefined)
    setPasswordProblem(undefined)
    setFormProblem(undefined)
    try {
      onDone(await authApi.confirmPasswordReset({ email: address, code, password }))
      return
    } catch (error) {
      if (isCodeProblem(error)) {
        setCodeProblem(describeError(error))
        setCode('')
      } else if (error instanceof ApiError && error.code === 'WEAK_PASSWORD') {
        setPasswordProblem(error.message)
      } else {
        setFormProblem(describeError(error))
      }
    }
    setPending(false)
  }

  async function resend() {
    if (!address) return
    try {
      await authApi.requestPasswordReset(address)
      setCodeProblem(undefined)
      restart()
    } catch {
      // The toast says why.
    }
  }

  return (
    <form className="space-y-5" aria-busy={pending} onSubmit={(event) => void submit(event)} noValidate>
      {initialEmail ? (
        <p className="text-sm text-muted">
          If <strong className="break-all text-ink">{initialEmail}</strong> has a StoryReel account, a{' '}
          {CONFIRMATION_CODE_LENGTH}-digit code is on its way to it.
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={initialEmail} readOnly hidden />
        </p>
      ) : (
        <FormField
          label="E-mail"
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      <CodeField
        label="Code from the e-mail"
        value={code}
        onChange={setCode}
        disabled={pending}
        problem={codeProblem}
        groupRef={codeRef}
      />
      <FormField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setPasswordProblem(undefined)
        }}
        error={passwordProblem}
        hint={<PasswordRules password={password} />}
      />
      {formProblem ? <FormProblem>{formProblem}</FormProblem> : null}
      <button type="submit" className="btn-primary w-full" disabled={pending || !ready}>
        {pending ? <Spinner /> : null}
        {pending ? 'Setting your password…' : 'Set new password'}
      </button>
      <div className="space-y-2 text-center text-sm text-muted" aria-live="polite">
        <p>
          Didn’t get it? Look in spam and promotions for a message from StoryReel, or{' '}
          <ResendControl
            left={left}
            waitText="ask for a new code in"
            label="send a new code"
            disabled={!address}
            onResend={() => void resend()}
          />
        </p>
        <p>
          <Link
            to={`/auth/forgot${address ? `?email=${encodeURIComponent(address)}` : ''}`}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Use another e-mail
          </Link>
        </p>
      </div>
    </form>
  )
}
