import {
  CONFIRMATION_CODE_LENGTH,
  CONFIRMATION_CODE_RESEND_SECONDS,
  CONFIRMATION_CODE_TTL_MINUTES,
} from '@storyreel/contracts/auth'
import { BRAND } from '@storyreel/contracts/brand'

import { NumberedSteps } from '#app/components/numbered-steps.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { MailIcon } from '#app/components/ui/site-icons.tsx'
import { ConfirmForm } from '#app/features/auth/components/confirm-form.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

const CONFIRMATION_CODE_RESEND_MINUTES = CONFIRMATION_CODE_RESEND_SECONDS / 60

const DESCRIPTION = `Confirm your ${BRAND.name} account: enter the ${CONFIRMATION_CODE_LENGTH}-digit code we e-mailed you, here or in the app. Here is how it works and what to do if it hasn't arrived.`

const STEPS = [
  {
    title: 'Register with your e-mail',
    text: `Create your account in the ${BRAND.name} app with the address you want to use.`,
  },
  {
    title: `Get a ${CONFIRMATION_CODE_LENGTH}-digit code`,
    text: 'We send it to that address as soon as your account is created. Keep the app open while you check your inbox.',
  },
  {
    title: 'Enter it here or in the app',
    text: `Type the code on this page or on the app's confirmation screen within ${CONFIRMATION_CODE_TTL_MINUTES} minutes. Your account is confirmed and ready to create.`,
  },
] as const

const TIPS = [
  {
    title: 'Check spam, junk and promotions',
    text: 'Filters sometimes file new senders away. If you find the message there, mark it as not spam so future codes arrive in your inbox.',
  },
  {
    // The sender is the server's MAIL_FROM: its name is ours, its address depends on the deployment.
    title: `Search for ${BRAND.name}`,
    text: `Codes come from ${BRAND.name}. Search your mailbox for “${BRAND.name}”, and add the sender to your contacts so the next code reaches your inbox.`,
  },
  {
    title: 'Check the address you typed',
    text: 'A single typo sends the code somewhere else. If the address in the app is wrong, start again with the correct one.',
  },
  {
    title: 'Ask for a new code',
    text: `You can request a fresh code in the app ${CONFIRMATION_CODE_RESEND_MINUTES} minute after the last one. A code older than ${CONFIRMATION_CODE_TTL_MINUTES} minutes has expired, so request a new one and use that.`,
  },
] as const

export function meta() {
  return buildMeta({
    title: pageTitle('Confirm your e-mail'),
    description: DESCRIPTION,
    path: '/confirm',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: 'Confirm your e-mail',
        description: DESCRIPTION,
        url: absoluteUrl('/confirm'),
      },
    ],
  })
}

const supportMailto = `mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} confirmation code`)}`

export default function Confirm() {
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[34rem] bg-[radial-gradient(50%_70%_at_70%_0%,rgb(124_58_237/0.26),transparent),radial-gradient(35%_50%_at_15%_25%,rgb(34_211_238/0.12),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-5 pb-16 pt-14 tablet:px-8 tablet:pt-20 desktop:grid-cols-[1fr_minmax(0,28rem)] desktop:gap-16">
        <header>
          <p className="eyebrow">Account confirmation</p>
          <h1 className="mt-6 text-4xl font-extrabold leading-[1.05] tracking-tight text-ink mobileWide:text-5xl">
            Confirm your <span className="text-gradient">e-mail</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
            When you register, we e-mail you a {CONFIRMATION_CODE_LENGTH}-digit code. Entering it proves the address is
            yours, keeps your account secure and makes sure you can always sign back in.
          </p>
          <dl className="mt-10 grid max-w-xl grid-cols-1 gap-4 mobileWide:grid-cols-3">
            <Fact value={`${CONFIRMATION_CODE_LENGTH} digits`} label="Code length" />
            <Fact value={`${CONFIRMATION_CODE_TTL_MINUTES} minutes`} label="Valid for" />
            <Fact value={`${CONFIRMATION_CODE_RESEND_MINUTES} minute`} label="New code after" />
          </dl>
        </header>
        <ConfirmCard />
      </div>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-5 py-16 tablet:px-8">
        <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
          How confirmation works
        </h2>
        <NumberedSteps steps={STEPS} className="mt-10 tablet:grid-cols-3" />
      </section>

      <section aria-labelledby="tips-title" className="mx-auto max-w-6xl px-5 pb-20 tablet:px-8 desktop:pb-28">
        <div className="grid gap-10 desktop:grid-cols-[0.8fr_1.2fr] desktop:gap-16">
          <div>
            <h2 id="tips-title" className="text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
              Code hasn’t arrived?
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              Most missing codes are hiding in a filtered folder or were sent to a mistyped address. Work through these,
              in order.
            </p>
            <div className="mt-8 rounded-2xl border border-line bg-surface p-6">
              <p className="font-semibold text-ink">Still stuck?</p>
              <p className="mt-2 text-sm leading-relaxed text-muted">
                Write to us from the address you registered with, and we will help you get in.
              </p>
              <a href={supportMailto} className="btn-secondary mt-5">
                <MailIcon className="h-5 w-5 text-accent" />
                E-mail {BRAND.supportEmail}
              </a>
            </div>
          </div>
          <ul className="grid gap-4">
            {TIPS.map((tip) => (
              <li key={tip.title} className="glass rounded-2xl p-6">
                <h3 className="text-lg font-semibold text-ink">{tip.title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{tip.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  )
}

function Fact({ value, label }: { value: string; label: string }) {
  return (
    <div className="glass rounded-2xl px-5 py-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-ink">{value}</dd>
    </div>
  )
}

/** The code form for the web; the mobile apps have their own confirmation screen with the same code. */
function ConfirmCard() {
  return (
    <section
      id="confirm-code"
      aria-labelledby="confirm-card-title"
      className="glass relative overflow-hidden rounded-3xl p-6 shadow-2xl shadow-brand-700/10 tablet:p-8"
    >
      <div aria-hidden="true" className="absolute -right-16 -top-16 h-48 w-48 rounded-full bg-flare-500/20 glow-blur" />
      <h2 id="confirm-card-title" className="relative text-2xl font-bold tracking-tight text-ink">
        Enter your code
      </h2>
      <p className="relative mb-6 mt-2 text-sm leading-relaxed text-muted">
        Type or paste the {CONFIRMATION_CODE_LENGTH} digits from our e-mail. Registered in the app? You can enter the
        code there too.
      </p>
      <div className="relative">
        <ConfirmForm />
      </div>
      <div className="relative mt-8 border-t border-line pt-6">
        <p className="text-sm text-muted">Get the app and keep creating on the go:</p>
        <StoreBadges className="mt-4" />
      </div>
    </section>
  )
}
