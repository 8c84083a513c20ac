import { useEffect, useRef, useState, type FormEvent } from 'react'

import { CONFIRMATION_CODE_LENGTH, CONFIRMATION_CODE_TTL_MINUTES, type User } from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { STORAGE_KEYS } from '#app/lib/storage.ts'
import { toasts } from '#app/lib/toast.ts'

import { authApi } from '../auth-api.ts'
import { describeError, isCodeProblem } from '../describe-error.ts'
import { useResendCountdown } from '../use-resend-countdown.ts'
import { ResendControl } from './resend-control.tsx'
import { CodeField, FormProblem } from './code-field.tsx'

type Step = { name: 'idle' } | { name: 'edit' } | { name: 'confirm'; newEmail: string }

/**
 * The profile's e-mail. A change proves the owner first (the password, or a code sent to the current
 * address for an account without one), then the new address with a code sent to it; until then the
 * account keeps its address.
 */
export function EmailSection({ user }: { user: User }) {
  const [step, setStep] = useState<Step>({ name: 'idle' })
  return (
    <section aria-labelledby="email-title" className="glass mt-6 rounded-3xl p-6 tablet:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="email-title" className="text-lg font-bold text-ink">
            E-mail
          </h2>
          <p className="mt-1 break-all text-ink">{user.email}</p>
          <p className="mt-1 text-sm text-muted">Codes, receipts and security notices go here.</p>
        </div>
        {step.name === 'idle' ? (
          <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={() => setStep({ name: 'edit' })}>
            Change e-mail
          </button>
        ) : null}
      </div>
      {step.name === 'edit' ? (
        <NewAddressForm
          user={user}
          onSent={(newEmail) => setStep({ name: 'confirm', newEmail })}
          onCancel={() => setStep({ name: 'idle' })}
        />
      ) : null}
      {step.name === 'confirm' ? (
        <ConfirmAddressForm
          newEmail={step.newEmail}
          onDone={(updated) => {
            toasts.notify({
              tone: 'positive',
              message: `Your e-mail is now ${updated.email}. We let ${user.email} know.`,
            })
            setStep({ name: 'idle' })
          }}
          onRestart={() => setStep({ name: 'edit' })}
          onCancel={() => setStep({ name: 'idle' })}
        />
      ) : null}
    </section>
  )
}

function NewAddressForm({
  user,
  onSent,
  onCancel,
}: {
  user: User
  onSent: (newEmail: string) => void
  onCancel: () => void
}) {
  const hasPassword = user.sign_in_methods.includes('password')
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const verification = useResendCountdown(STORAGE_KEYS.lastReauthenticationCodeSentAt)
  // A code sent a moment ago (before a Cancel) still works, and another would not be sent yet.
  const [codeSent, setCodeSent] = useState(() => verification.left > 0)
  const [pending, setPending] = useState(false)
  const [problems, setProblems] = useState<{ email?: string; password?: string; code?: string; form?: string }>({})
  const codeRef = useRef<HTMLDivElement>(null)
  // The boxes are disabled while the form is sent, which drops focus; a wrong code puts it back in the first.
  useEffect(() => {
    if (problems.code && !pending) codeRef.current?.querySelector('input')?.focus()
  }, [problems.code, pending])
  const address = newEmail.trim().toLowerCase()
  const proofReady = hasPassword ? password.length > 0 : code.length === CONFIRMATION_CODE_LENGTH

  async function sendVerificationCode() {
    try {
      await authApi.sendReauthenticationCode()
      setCodeSent(true)
      verification.restart()
    } catch {
      // The toast says why.
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!address || !proofReady) return
    setPending(true)
    setProblems({})
    try {
      await authApi.requestEmailChange({
        new_email: address,
        ...(hasPassword ? { password } : { code }),
      })
      onSent(address)
      return
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT') setProblems({ password: error.message })
      else if (error instanceof ApiError && (error.code === 'EMAIL_UNCHANGED' || error.code === 'VALIDATION_FAILED')) {
        setProblems({ email: describeError(error) })
      } else if (isCodeProblem(error)) {
        setProblems({ code: describeError(error) })
        setCode('')
      } else setProblems({ form: describeError(error) })
    }
    setPending(false)
  }

  return (
    <form className="mt-5 space-y-5" onSubmit={(event) => void onSubmit(event)} aria-busy={pending} noValidate>
      <FormField
        label="New e-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={problems.email}
        // Opened by the person's own click on "Change e-mail", so the field they came for takes focus.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      {hasPassword ? (
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problems.password}
          hint="To make sure it is you."
        />
      ) : codeSent ? (
        <CodeField
          label={`Code sent to ${user.email}`}
          value={code}
          onChange={setCode}
          disabled={pending}
          problem={problems.code}
          groupRef={codeRef}
        >
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            It works for {CONFIRMATION_CODE_TTL_MINUTES} minutes. Nothing came?{' '}
            <ResendControl
              left={verification.left}
              waitText="You can ask for another in"
              label="Send another"
              onResend={() => void sendVerificationCode()}
            />
          </p>
        </CodeField>
      ) : (
        <div>
          <p className="mb-2 text-sm font-medium text-ink">Code sent to {user.email}</p>
          <p className="text-sm text-muted">
            Your account has no password, so we check it is you with a code sent to your current address.
          </p>
          <button
            type="button"
            className="btn-secondary mt-3 px-4 py-2 text-sm"
            onClick={() => void sendVerificationCode()}
          >
            Send code to {user.email}
          </button>
        </div>
      )}
      {problems.form ? <FormProblem>{problems.form}</FormProblem> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={pending || !address || !proofReady}>
          {pending ? <Spinner /> : null}
          {pending ? 'Sending…' : 'Send code to the new address'}
        </button>
        <button type="button" className="text-sm font-medium text-muted hover:text-ink" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function ConfirmAddressForm({
  newEmail,
  onDone,
  onRestart,
  onCancel,
}: {
  newEmail: string
  onDone: (user: User) => void
  onRestart: () => void
  onCancel: () => void
}) {
  const [code, setCode] = useState('')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  const groupRef = useRef<HTMLDivElement>(null)
  // A new request inside the cooldown would send nothing, so "start again" waits it out.
  const { left } = useResendCountdown(STORAGE_KEYS.lastEmailChangeCodeSentAt)
  useEffect(() => {
    if (!pending) groupRef.current?.querySelector('input')?.focus()
  }, [problem, pending])

  async function submit(value: string) {
    if (value.length !== CONFIRMATION_CODE_LENGTH || pending) return
    setPending(true)
    setProblem(undefined)
    try {
      onDone(await authApi.confirmEmailChange(value))
      return
    } catch (error) {
      setProblem(describeError(error))
      setCode('')
    }
    setPending(false)
  }

  return (
    <form
      className="mt-5 space-y-5"
      aria-busy={pending}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void submit(code)
      }}
    >
      <p className="text-sm text-muted">
        We sent a {CONFIRMATION_CODE_LENGTH}-digit code to <strong className="break-all text-ink">{newEmail}</strong>.
        Enter it within {CONFIRMATION_CODE_TTL_MINUTES} minutes to make it your e-mail.
      </p>
      <CodeField
        label="Code from the new address"
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        disabled={pending}
        problem={problem}
        groupRef={groupRef}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={pending || code.length !== CONFIRMATION_CODE_LENGTH}>
          {pending ? <Spinner /> : null}
          {pending ? 'Confirming…' : 'Confirm new e-mail'}
        </button>
        <button type="button" className="text-sm font-medium text-muted hover:text-ink" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        Nothing came? Look in spam and check the address.{' '}
        <ResendControl left={left} waitText="You can start again in" label="Start again" onResend={onRestart} />
      </p>
    </form>
  )
}
