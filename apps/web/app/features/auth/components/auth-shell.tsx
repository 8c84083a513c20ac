import type { ReactNode } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { WaveformIllustration } from './auth-art.tsx'

/** The sign-in screens' frame: the form on a card, a quiet brand panel beside it on wide screens. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-5 py-10 tablet:px-8 desktop:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] desktop:items-center desktop:py-16">
      <aside
        className="relative hidden overflow-hidden rounded-3xl border border-line bg-surface p-10 desktop:block"
        aria-hidden="true"
      >
        <div className="glow-blur pointer-events-none absolute -left-20 -top-24 h-72 w-72 rounded-full bg-brand-600/30" />
        <div className="glow-blur pointer-events-none absolute -bottom-24 -right-16 h-72 w-72 rounded-full bg-flare-500/20" />
        <p className="eyebrow relative">{BRAND.tagline}</p>
        <p className="relative mt-6 max-w-sm text-3xl font-bold leading-tight tracking-tight text-ink">
          Turn a sentence into a <span className="text-gradient">finished video</span>.
        </p>
        <p className="relative mt-4 max-w-sm text-muted">
          Script, voiceover, music and captions in one place, on the web and in the apps.
        </p>
        <WaveformIllustration className="relative mt-10 w-full" />
      </aside>
      <section
        className="glass w-full rounded-3xl p-6 shadow-2xl shadow-black/30 mobileWide:p-8"
        aria-labelledby="auth-title"
      >
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        <p className="mt-2 text-sm text-muted">{subtitle}</p>
        <div className="mt-7">{children}</div>
        {footer ? <div className="mt-7 border-t border-line pt-5 text-sm text-muted">{footer}</div> : null}
      </section>
    </div>
  )
}
