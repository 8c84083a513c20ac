import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { BRAND, FREE_WEEK_REFERRAL } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { QrCode } from '#app/components/qr-code.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { ArrowRightIcon, CheckIcon, SparkIcon } from '#app/components/ui/icons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { getGooglePlayRedeemUrl } from '#app/features/referral/redeem-urls.ts'
import { getReferralRecord } from '#app/features/referral/referral-store.ts'
import { projectsQuery } from '#app/features/studio/projects-grid.tsx'
import { useSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Your dashboard') }, { name: 'robots', content: 'noindex' }]
}

function greeting(hour: number) {
  if (hour < 5) return 'Working late'
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

/** The Free Week as this browser knows it (the referral record kept locally). */
function FreeWeekStatus() {
  const [now, setNow] = useState(() => Date.now())
  const record = getReferralRecord(FREE_WEEK_REFERRAL)
  const left = record?.to ? record.to - now : 0
  useEffect(() => {
    if (left <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left])
  const minutes = Math.floor(left / 60_000)
  const seconds = Math.floor((left % 60_000) / 1000)
  const ended = Boolean(record) && left <= 0
  return (
    <section aria-labelledby="free-week-status" className="glass rounded-3xl p-6">
      <p className="eyebrow text-accent">Free Week</p>
      <h2 id="free-week-status" className="mt-4 text-xl font-bold text-ink">
        {left > 0
          ? 'Your Free Week offer is open'
          : record?.code
            ? 'Your Free Week code is ready'
            : ended
              ? 'Your Free Week offer has ended'
              : 'A full week of Premium, free'}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        {left > 0
          ? `Redeem it within ${minutes}:${String(seconds).padStart(2, '0')} to unlock every Premium feature for seven days.`
          : record?.code
            ? `Redeem code ${record.code} in Google Play to start your week.`
            : ended
              ? 'The offer stays open for 10 minutes once claimed, and that time has run out in this browser.'
              : `Unlock a full week of ${BRAND.name} Premium: ${PLAN_LIMITS.paid.maxResolution} exports and up to ${PLAN_LIMITS.paid.rendersPerDay} renders a day.`}
      </p>
      {left <= 0 && record?.code ? (
        <a
          href={getGooglePlayRedeemUrl(record.code)}
          target="_blank"
          rel="noopener"
          className="btn-secondary mt-5 text-sm"
        >
          Redeem in Google Play
          <ArrowRightIcon className="h-4 w-4" />
        </a>
      ) : ended ? null : (
        <Link to={`/?referral=${FREE_WEEK_REFERRAL}`} className="btn-secondary mt-5 text-sm">
          {left > 0 ? 'Redeem now' : 'Claim your free week'}
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      )}
    </section>
  )
}

export default function DashboardRoute() {
  const { user } = useSession()
  const name = user?.first_name?.trim()
  const projects = useQuery(projectsQuery)
  const hasVideo = projects.data?.projects.some((project) => project.status === 'ready') ?? false
  const steps = [
    { done: true, title: 'Confirm your e-mail', text: 'Your account is secured and ready.' },
    {
      done: Boolean(user?.first_name),
      title: 'Add your name',
      text: 'So your exports and receipts carry it.',
      action: { to: '/app/profile', label: 'Edit profile' },
    },
    {
      done: hasVideo,
      title: 'Make your first video',
      text: 'Type an idea, pick a voice and a track, edit the scenes and render an MP4, right here in your browser.',
      action: { to: '/app/create', label: 'Open the studio' },
    },
    {
      done: false,
      title: 'Learn the craft',
      text: 'Our step-by-step guide takes you from prompt to a cinematic cut.',
      action: { to: '/step-by-step-guide', label: 'Read the guide' },
    },
  ]

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <header>
        <p className="text-sm text-muted">{greeting(new Date().getHours())}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
          {name ? `Welcome, ${name}` : `Welcome to ${BRAND.name}`}
        </h1>
      </header>

      <section
        aria-labelledby="create-cta"
        className="glass relative mt-8 overflow-hidden rounded-3xl p-6 tablet:flex tablet:items-center tablet:justify-between tablet:gap-6 tablet:p-8"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-10 h-56 w-56 rounded-full bg-flare-500/25 glow-blur"
        />
        <div className="relative">
          <h2 id="create-cta" className="text-xl font-bold text-ink">
            Turn an idea into a video
          </h2>
          <p className="mt-1 max-w-xl text-sm text-muted">
            Write a prompt or paste a script, edit the storyboard scene by scene, and render an MP4 with voice, music
            and captions.
          </p>
        </div>
        <div className="relative mt-5 flex flex-wrap gap-3 tablet:mt-0 tablet:shrink-0">
          <Link to="/app/create" className="btn-primary">
            <SparkIcon className="h-4 w-4" /> Create a video
          </Link>
          <Link to="/app/projects" className="btn-secondary">
            Your projects
          </Link>
        </div>
      </section>

      <div className="mt-6 grid gap-6 desktop:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <section aria-labelledby="next-steps" className="glass rounded-3xl p-6 tablet:p-8">
          <h2 id="next-steps" className="flex items-center gap-2 text-xl font-bold text-ink">
            <SparkIcon className="h-5 w-5 text-accent" /> What to do next
          </h2>
          <ol className="mt-6 space-y-4">
            {steps.map((step) => (
              <li key={step.title} className="flex gap-4 rounded-2xl border border-line bg-surface/60 p-4">
                <span
                  className={`grid h-8 w-8 shrink-0 place-items-center rounded-full border ${
                    step.done
                      ? 'border-emerald-400/60 bg-emerald-400/15 text-emerald-700 dark:text-emerald-400'
                      : 'border-line text-subtle'
                  }`}
                >
                  {step.done ? <CheckIcon className="h-4 w-4" /> : <span className="h-2 w-2 rounded-full bg-current" />}
                  <span className="sr-only">{step.done ? 'Done' : 'To do'}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <p className={`font-semibold ${step.done ? 'text-muted line-through decoration-line' : 'text-ink'}`}>
                    {step.title}
                  </p>
                  <p className="mt-1 text-sm text-muted">{step.text}</p>
                  {!step.done && step.action ? (
                    <Link
                      to={step.action.to}
                      className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-accent"
                    >
                      {step.action.label} <ArrowRightIcon className="h-4 w-4" />
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="grid gap-6">
          <section aria-labelledby="apps-title" className="glass rounded-3xl p-6">
            <h2 id="apps-title" className="text-xl font-bold text-ink">
              {BRAND.name} on your phone
            </h2>
            <p className="mt-2 text-sm text-muted">
              Scan with your camera, or tap a badge. Sign in with {user?.email ?? 'the same account'}.
            </p>
            <div className="mt-5 grid grid-cols-2 gap-4">
              <figure className="text-center">
                <QrCode
                  text={BRAND.appStore.url}
                  label={`QR code: ${BRAND.name} on the App Store`}
                  className="mx-auto w-full max-w-36"
                />
                <figcaption className="mt-2 text-xs text-muted">iPhone &amp; iPad</figcaption>
              </figure>
              <figure className="text-center">
                <QrCode
                  text={BRAND.googlePlay.url}
                  label={`QR code: ${BRAND.name} on Google Play`}
                  className="mx-auto w-full max-w-36"
                />
                <figcaption className="mt-2 text-xs text-muted">Android</figcaption>
              </figure>
            </div>
            <StoreBadges className="mt-5" />
          </section>
          <FreeWeekStatus />
        </div>
      </div>
    </div>
  )
}
