import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'

import { CONFIRMATION_CODE_LENGTH } from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { useSession } from '#app/lib/session.ts'
import { STORAGE_KEYS } from '#app/lib/storage.ts'

import { authApi } from '../auth-api.ts'
import { useResendCountdown } from '../use-resend-countdown.ts'
import { ResendControl } from './resend-control.tsx'
import { CodeField } from './code-field.tsx'

/**
 * The code screen. A signed-in, unconfirmed user confirms the address on file; anyone else (the link in
 * the e-mail, opened on another device) types the address too (decision 013).
 */
export function ConfirmForm() {
  const { user } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [email, setEmail] = useState(() => params.get('email') ?? '')
  const [code, setCode] = useState('')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  const { left, restart } = useResendCountdown(STORAGE_KEYS.lastConfirmationCodeSentAt)
  const address = user?.email ?? email
  const codeRef = useRef<HTMLDivElement>(null)
  // The boxes are disabled while the code is checked, which drops focus; a wrong code puts it back in the first.
  useEffect(() => {
    if (problem && !pending) codeRef.current?.querySelector('input')?.focus()
  }, [problem, pending])

  if (user?.confirmed) {
    return (
      <div className="space-y-4 text-center">
        <p className="text-ink">
          <strong>{user.email}</strong> is confirmed.
        </p>
        <Link to="/app" className="btn-primary w-full">
          Open StoryReel
        </Link>
      </div>
    )
  }

  async function submit(value: string) {
    if (value.length !== CONFIRMATION_CODE_LENGTH || !address || pending) return
    setPending(true)
    setProblem(undefined)
    try {
      await authApi.confirm({ email: address, code: value })
      void navigate('/app', { replace: true })
      return
    } catch (error) {
      // The toast also says it, far from the boxes; here the reason sits next to them, and the boxes are
      // cleared with the first one focused for another try.
      setProblem(
        error instanceof ApiError
          ? error.message
          : 'The code could not be checked. Check your connection and try again.',
      )
      setCode('')
    }
    setPending(false)
  }

  async function resend() {
    if (!address) return
    await authApi.sendConfirmationCode(address)
    setProblem(undefined)
    restart()
  }

  return (
    <form
      className="space-y-5"
      aria-busy={pending}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void submit(code)
      }}
    >
      {user ? (
        <p className="text-sm text-muted">
          We sent a {CONFIRMATION_CODE_LENGTH}-digit code to <strong className="text-ink">{user.email}</strong>.
        </p>
      ) : (
        <FormField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      <CodeField
        label="Confirmation code"
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        disabled={pending}
        problem={problem}
        groupRef={codeRef}
      />
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={pending || code.length !== CONFIRMATION_CODE_LENGTH || !address}
      >
        {pending ? <Spinner /> : null}
        {pending ? 'Confirming…' : 'Confirm e-mail'}
      </button>
      <p className="text-center text-sm text-muted" aria-live="polite">
        Didn’t get it?{' '}
        <ResendControl
          left={left}
          waitText="You can ask for a new code in"
          label="Send a new code"
          disabled={!address}
          onResend={() => void resend()}
        />
      </p>
    </form>
  )
}
