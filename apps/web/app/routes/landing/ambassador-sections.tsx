import { Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { FaqList } from '#app/components/faq-list.tsx'
import { NumberedSteps } from '#app/components/numbered-steps.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { CheckIcon, MailIcon } from '#app/components/ui/site-icons.tsx'
import { getAmbassadorMailto } from '#app/features/ambassador/ambassador-mail.ts'

import type { FaqItem } from '#app/components/faq-list.tsx'

/**
 * The ambassador page's content. Static once prerendered, so the page keeps it as a static island; this
 * module loads only when the page is rendered in the browser after a client-side navigation.
 */

const PLATFORMS = [
  {
    name: 'YouTube',
    text: 'Long-form explainers, Shorts, faceless channels and tutorials. Script it, voice it and score it in one place.',
    icon: (
      <path d="M3 7.5A2.5 2.5 0 0 1 5.5 5h13A2.5 2.5 0 0 1 21 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 16.5v-9ZM10 9.5v5l4.5-2.5L10 9.5Z" />
    ),
  },
  {
    name: 'TikTok',
    text: 'Vertical stories that hook in the first second, with captions from your script and music that fits the mood.',
    icon: <path d="M14 4v10.5a3.5 3.5 0 1 1-3.5-3.5M14 4c.4 2.6 2.2 4.4 5 4.6" />,
  },
  {
    name: 'Instagram',
    text: 'Reels and Stories in 9:16, square posts in 1:1. One idea, exported in the format each surface wants.',
    icon: (
      <>
        <rect x="4" y="4" width="16" height="16" rx="4.5" />
        <circle cx="12" cy="12" r="3.5" />
        <path d="M16.8 7.2h.01" />
      </>
    ),
  },
  {
    name: 'Everywhere else',
    text: 'Facebook, Pinterest, LinkedIn, Snapchat, a blog or a newsletter. If you publish video, you belong here.',
    icon: (
      <>
        <circle cx="12" cy="12" r="8.5" />
        <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5Z" />
      </>
    ),
  },
] as const

const BENEFITS = [
  {
    title: 'Premium access',
    text: `Premium on us: ${PLAN_LIMITS.paid.maxResolution} exports and up to ${PLAN_LIMITS.paid.rendersPerDay} renders a day, so the Free plan's daily quota never holds your content back.`,
    accent: 'from-brand-500/30',
  },
  {
    title: 'Early access to new features',
    text: 'Try new styles, voices and tools before they ship to everyone, and tell us what works for real creators before the rest of the world sees it.',
    accent: 'from-flare-500/25',
  },
  {
    title: 'A direct line to the team',
    text: 'Questions, bug reports and feature ideas go straight to the people who build the product. You talk to humans, not a ticket queue.',
    accent: 'from-glow-400/25',
  },
  {
    title: 'Get featured',
    text: 'Standout videos made by ambassadors can be showcased on our website and social channels, with full credit and a link back to you.',
    accent: 'from-brand-400/30',
  },
] as const

const ASKS = [
  {
    title: 'Genuine content',
    text: `Make real videos with ${BRAND.name} and share your honest opinion, including what you would improve. We never hand out scripts to read or ask for fake reviews.`,
  },
  {
    title: 'Clear disclosure',
    text: 'Label the partnership the way your platform requires: its paid partnership or branded content setting, or a clear note such as #ad, following the advertising rules where you live.',
  },
  {
    title: 'Respect the rules',
    text: `Follow each platform's community guidelines and our Terms & Conditions, and use library music only in videos you make with ${BRAND.name}.`,
  },
] as const

const STEPS = [
  {
    title: 'Send us an e-mail',
    text: 'Tap Apply by e-mail. The draft asks for a link to your channel and how you plan to use the product. Two answers are enough.',
  },
  {
    title: 'We watch your work',
    text: 'We look at your videos, not just your numbers. We reply by e-mail, and if it is a fit we agree the details with you there.',
  },
  {
    title: 'Your account is upgraded',
    text: `We switch on Premium for the account you use in ${BRAND.name} and give you the direct contact for feedback and early features.`,
  },
  {
    title: 'Create and share',
    text: 'Publish with a clear disclosure, then send us your favorite links. The best ones may be featured on our channels.',
  },
] as const

/** The ambassador page's content; `faqs` come from the page, whose structured data lists them too. */
export function AmbassadorContent({ faqs }: { faqs: readonly FaqItem[] }) {
  const mailto = getAmbassadorMailto()
  return (
    <div className="relative overflow-hidden">
      <Hero mailto={mailto} />
      <WhoItsFor />
      <Benefits />
      <WhatWeAsk />
      <HowItWorks />
      <Faq faqs={faqs} />
      <FinalCta mailto={mailto} />
    </div>
  )
}

function Hero({ mailto }: { mailto: string }) {
  return (
    <section aria-labelledby="ambassador-title" className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(50%_70%_at_30%_0%,rgb(124_58_237/0.28),transparent),radial-gradient(40%_60%_at_85%_20%,rgb(236_72_153/0.16),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 pb-16 pt-14 tablet:px-8 tablet:pt-20 desktop:grid-cols-[1.1fr_0.9fr] desktop:pb-24">
        <div>
          <p className="eyebrow">Ambassador programme</p>
          <h1
            id="ambassador-title"
            className="mt-6 text-4xl font-extrabold leading-[1.05] tracking-tight text-ink mobileWide:text-5xl desktopMedium:text-6xl"
          >
            Make videos you’re proud of. <span className="text-gradient">Grow with {BRAND.name}.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
            We are looking for creators who turn ideas into video on YouTube, TikTok, Instagram and beyond. Create
            genuine content with {BRAND.name}, and we give you Premium, early access to what we are building, and a
            direct line to the people building it.
          </p>
          <div className="mt-9 flex flex-wrap items-center gap-3">
            <a href={mailto} className="btn-primary">
              <MailIcon className="h-5 w-5" />
              Apply by e-mail
            </a>
            <a href="#how-it-works" className="btn-secondary">
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-muted">
            Opens a draft to <span className="font-medium text-ink">{BRAND.creatorsEmail}</span>. Any channel size.
          </p>
        </div>
        <HeroArt />
      </div>
    </section>
  )
}

/** A vertical video frame with a creator card and a featured badge; pure SVG so it costs no request. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute inset-10 -z-10 rounded-full bg-brand-600/30 glow-blur" />
      <svg viewBox="0 0 400 440" className="h-auto w-full" focusable="false">
        <defs>
          <linearGradient id="amb-scene" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4c1d95" />
            <stop offset="0.55" stopColor="#9d174d" />
            <stop offset="1" stopColor="#0e7490" />
          </linearGradient>
          <linearGradient id="amb-sun" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#f472b6" />
          </linearGradient>
          <linearGradient id="amb-edge" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#c4b5fd" />
            <stop offset="1" stopColor="#67e8f9" />
          </linearGradient>
        </defs>
        <rect x="110" y="20" width="190" height="400" rx="30" fill="#0b0914" stroke="url(#amb-edge)" strokeWidth="2" />
        <rect x="122" y="32" width="166" height="376" rx="20" fill="url(#amb-scene)" />
        <circle cx="205" cy="160" r="44" fill="url(#amb-sun)" opacity="0.9" />
        <path d="M122 262l52-50 40 34 34-26 40 34v154H122Z" fill="#1e1b4b" opacity="0.85" />
        <path d="M122 300l60-38 46 30 60-34v150H122Z" fill="#0b0914" opacity="0.75" />
        <rect x="140" y="330" width="110" height="8" rx="4" fill="#fff" opacity="0.9" />
        <rect x="140" y="346" width="78" height="8" rx="4" fill="#fff" opacity="0.6" />
        <rect x="140" y="380" width="130" height="4" rx="2" fill="#fff" opacity="0.25" />
        <rect x="140" y="380" width="62" height="4" rx="2" fill="#f0abfc" />
        <circle cx="205" cy="160" r="20" fill="#0b0914" opacity="0.55" />
        <path d="M199 150v20l16-10Z" fill="#fff" />
        <g>
          <rect x="14" y="86" width="150" height="64" rx="16" className="fill-raised stroke-line" />
          <circle cx="44" cy="118" r="16" fill="url(#amb-edge)" />
          <rect x="68" y="106" width="74" height="8" rx="4" className="fill-ink" />
          <rect x="68" y="122" width="50" height="7" rx="3.5" className="fill-subtle" />
        </g>
        <g>
          <rect x="250" y="236" width="136" height="56" rx="16" className="fill-raised stroke-line" />
          <path d="m279 250 3.6 7.6 8.2 1-6 5.7 1.6 8.2-7.4-4-7.4 4 1.6-8.2-6-5.7 8.2-1Z" fill="#fbbf24" />
          <rect x="300" y="254" width="66" height="8" rx="4" className="fill-ink" />
          <rect x="300" y="268" width="44" height="7" rx="3.5" className="fill-subtle" />
        </g>
        <circle cx="346" cy="84" r="6" fill="#22d3ee" />
        <circle cx="66" cy="300" r="4" fill="#f472b6" />
        <circle cx="370" cy="360" r="3" fill="#a78bfa" />
      </svg>
    </div>
  )
}

function WhoItsFor() {
  return (
    <section aria-labelledby="who-title" className="mx-auto max-w-7xl px-5 py-16 tablet:px-8 desktop:py-24">
      <SectionHeading
        id="who-title"
        eyebrow="Who it is for"
        title="Creators of every size who make video"
        size="medium"
      >
        Whether you post daily Shorts or one carefully crafted video a month, what matters is that you create regularly
        and care about your audience.
      </SectionHeading>
      <ul className="mt-12 grid gap-5 tablet:grid-cols-2 desktop:grid-cols-4">
        {PLATFORMS.map((platform) => (
          <li key={platform.name} className="glass rounded-2xl p-6">
            <span className="grid h-11 w-11 place-items-center rounded-xl bg-raised text-accent">
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6"
                aria-hidden="true"
                focusable="false"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {platform.icon}
              </svg>
            </span>
            <h3 className="mt-5 text-lg font-semibold text-ink">{platform.name}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{platform.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(45%_55%_at_80%_40%,rgb(34_211_238/0.1),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-5 py-16 tablet:px-8 desktop:py-24">
        <SectionHeading
          id="benefits-title"
          eyebrow="What you get"
          title="Everything you need to create more, and a say in what comes next"
          size="medium"
        >
          No gimmicks and no inflated promises. Here is what ambassadors receive.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 tablet:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit.title}
              className={`relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br ${benefit.accent} via-surface to-surface p-7 tablet:p-8`}
            >
              <span className="grid h-10 w-10 place-items-center rounded-full bg-accent text-accent-ink">
                <CheckIcon className="h-5 w-5" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-ink">{benefit.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function WhatWeAsk() {
  return (
    <section aria-labelledby="asks-title" className="mx-auto max-w-7xl px-5 py-16 tablet:px-8 desktop:py-24">
      <div className="grid gap-12 desktop:grid-cols-[0.9fr_1.1fr] desktop:gap-16">
        <SectionHeading id="asks-title" eyebrow="What we ask" title="Be real, be clear, be you" size="medium">
          Your audience trusts you. The programme only works if that trust stays intact, so we keep our asks short.
        </SectionHeading>
        <ol className="grid gap-4">
          {ASKS.map((ask, index) => (
            <li key={ask.title} className="glass flex gap-5 rounded-2xl p-6">
              <span className="text-gradient text-3xl font-extrabold leading-none" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink">{ask.title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{ask.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <p className="mt-8 text-sm text-muted">
        The full rules live in our{' '}
        <Link to="/privacy#terms" className="font-medium text-accent underline underline-offset-4">
          Terms &amp; Conditions
        </Link>
        .
      </p>
    </section>
  )
}

function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-5 py-16 tablet:px-8 desktop:py-24"
    >
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="From e-mail to ambassador in four steps"
        size="medium"
      >
        No forms to fill in and no portal to sign up for. It all happens by e-mail.
      </SectionHeading>
      <NumberedSteps steps={STEPS} className="mt-12 tablet:grid-cols-2 desktop:grid-cols-4" />
    </section>
  )
}

function Faq({ faqs }: { faqs: readonly FaqItem[] }) {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-5 py-16 tablet:px-8 desktop:py-24">
      <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
        Questions creators ask
      </h2>
      <FaqList items={faqs} variant="tiles" className="mt-10" />
    </section>
  )
}

function FinalCta({ mailto }: { mailto: string }) {
  return (
    <section aria-labelledby="apply-title" className="mx-auto max-w-7xl px-5 pb-20 tablet:px-8 desktop:pb-28">
      <div className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-brand-700/35 via-surface to-surface px-6 py-12 text-center tablet:px-12 tablet:py-16">
        <div
          aria-hidden="true"
          className="absolute -right-20 -top-20 h-64 w-64 rounded-full bg-flare-500/25 glow-blur"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-24 -left-16 h-64 w-64 rounded-full bg-glow-400/15 glow-blur"
        />
        <h2 id="apply-title" className="relative text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
          Ready to create with us?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted">
          Send a link to your channel and a few lines on how you would use {BRAND.name}. That is the whole application.
        </p>
        <a href={mailto} className="btn-primary relative mt-8">
          <MailIcon className="h-5 w-5" />
          Apply by e-mail
        </a>
        <p className="relative mt-4 text-sm text-muted">
          No mail app? Write to <span className="font-medium text-ink">{BRAND.creatorsEmail}</span>
        </p>
      </div>
    </section>
  )
}
