import { BRAND } from '@storyreel/contracts/brand'

import type { TocEntry } from '#app/lib/markdown.server.ts'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

import type { Route } from './+types/privacy'

type LegalDocument = { html: string; toc: TocEntry[] }

export async function loader() {
  // Node-only modules load inside the loader, so they never reach the client bundle.
  const [fs, path, { findContentDir, renderMarkdown }] = await Promise.all([
    import('node:fs/promises'),
    import('node:path'),
    import('#app/lib/markdown.server.ts'),
  ])
  const dir = findContentDir('legal')
  const [termsSource, privacySource] = await Promise.all([
    fs.readFile(path.join(dir, 'terms.md'), 'utf8'),
    fs.readFile(path.join(dir, 'privacy.md'), 'utf8'),
  ])
  // Both documents sit under this page's h2s, so their ## headings render as h3 with ids that cannot collide.
  return {
    terms: renderMarkdown(termsSource, { headingOffset: 1, idPrefix: 'terms-' }),
    privacy: renderMarkdown(privacySource, { headingOffset: 1, idPrefix: 'privacy-' }),
  } satisfies Record<string, LegalDocument>
}

const DESCRIPTION = `The ${BRAND.name} Terms & Conditions and Privacy Policy in plain language: subscriptions, your videos, the music license and how we protect your data.`

export function meta() {
  return buildMeta({
    title: pageTitle('Terms & Privacy'),
    description: DESCRIPTION,
    path: '/privacy',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: 'Terms & Privacy',
        description: DESCRIPTION,
        url: absoluteUrl('/privacy'),
        publisher: { '@type': 'Organization', name: BRAND.name, url: absoluteUrl('/') },
      },
    ],
  })
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { terms, privacy } = loaderData
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(55%_100%_at_50%_0%,rgb(124_58_237/0.2),transparent)]"
      />
      <header className="mx-auto max-w-6xl px-5 pb-12 pt-14 tablet:px-8 tablet:pt-20">
        <p className="eyebrow">Legal</p>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-ink tablet:text-5xl">
          Terms &amp; <span className="text-gradient">Privacy</span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">
          The agreement behind every video you make with {BRAND.name}, and exactly what happens to your data. Both are
          written to be read, not skimmed past.
        </p>
        <ul className="mt-10 grid gap-4 tablet:grid-cols-2">
          <li>
            <JumpCard
              href="#terms"
              title="Terms & Conditions"
              text="Accounts, Premium billing through the app stores, what you own, and the music license."
            />
          </li>
          <li>
            <JumpCard
              href="#privacy-policy"
              title="Privacy Policy"
              text="What we collect, why, who processes it, how long we keep it, and your rights."
            />
          </li>
        </ul>
        <p className="mt-8 text-sm text-muted">
          Questions about either document? Write to{' '}
          <a
            className="font-medium text-accent underline underline-offset-4"
            href={`mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} terms and privacy`)}`}
          >
            {BRAND.supportEmail}
          </a>
          .
        </p>
      </header>

      <LegalSection id="terms" title="Terms & Conditions" document={terms} />
      <div className="mx-auto max-w-6xl px-5 tablet:px-8">
        <hr className="border-line" />
      </div>
      <LegalSection id="privacy-policy" title="Privacy Policy" document={privacy} />
    </div>
  )
}

function JumpCard({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <a href={href} className="glass group flex h-full flex-col rounded-2xl p-6 transition hover:border-accent">
      <span className="flex items-center justify-between gap-4 text-lg font-semibold text-ink">
        {title}
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className="h-5 w-5 shrink-0 text-accent transition-transform group-hover:translate-y-0.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 5v14M6 13l6 6 6-6" />
        </svg>
      </span>
      <span className="mt-2 text-sm leading-relaxed text-muted">{text}</span>
    </a>
  )
}

function LegalSection({ id, title, document }: { id: string; title: string; document: LegalDocument }) {
  const titleId = `${id}-title`
  const entries = document.toc.filter((entry) => entry.depth === 2)
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="mx-auto max-w-6xl scroll-mt-20 px-5 py-14 tablet:px-8 tablet:py-20"
    >
      <div className="grid gap-8 desktop:grid-cols-[16rem_minmax(0,1fr)] desktop:gap-14">
        <div className="desktop:col-start-2">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
            {title}
          </h2>
        </div>
        <div className="desktop:row-span-2 desktop:row-start-1">
          <nav aria-label={`${title} contents`} className="desktop:hidden">
            <details className="glass group rounded-2xl">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
                Contents
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                  className="h-4 w-4 shrink-0 text-accent transition-transform group-open:rotate-180"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <TocList entries={entries} className="px-5 pb-5" />
            </details>
          </nav>
          <nav
            aria-label={`${title} contents`}
            className="glass hidden max-h-[calc(100dvh-8rem)] overflow-y-auto rounded-2xl p-5 desktop:sticky desktop:top-24 desktop:block"
          >
            <p className="text-xs font-semibold uppercase tracking-wider text-muted">On this page</p>
            <TocList entries={entries} className="mt-3" />
          </nav>
        </div>
        <div
          className="prose-article min-w-0 max-w-3xl desktop:col-start-2"
          dangerouslySetInnerHTML={{ __html: document.html }}
        />
      </div>
    </section>
  )
}

function TocList({ entries, className }: { entries: LegalDocument['toc']; className: string }) {
  return (
    <ol className={`space-y-2 text-sm ${className}`}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} className="text-muted transition-colors hover:text-ink">
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  )
}
