import { serverOnly$ } from 'vite-env-only/macros'
import { lazy } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { StaticIsland } from '#app/components/static-island.tsx'
import { absoluteUrl, buildMeta } from '#app/lib/seo.ts'

import { FAQS } from './home-faqs.ts'
import * as prerendered from './home-sections.tsx'

// The prerender draws the static sections directly; the browser keeps that HTML (StaticIsland) and loads
// their code only to draw them after a client-side navigation.
const sections = serverOnly$(prerendered)
const HomeSections =
  sections?.HomeSections ??
  lazy(() => import('./home-sections.tsx').then((module) => ({ default: module.HomeSections })))

export function meta() {
  return buildMeta({
    title: `${BRAND.name} – ${BRAND.tagline}: Text to Video, Anime & Voiceovers`,
    description:
      'Turn a prompt or script into a finished video with AI storyboards, styles from anime to watercolor, voiceovers, music and captions. Watch real samples, then start free in your browser.',
    path: '/',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: BRAND.name,
        url: absoluteUrl('/'),
        logo: absoluteUrl('/icons/icon-512.png'),
        email: BRAND.supportEmail,
        sameAs: [BRAND.appStore.url, BRAND.googlePlay.url],
      },
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: FAQS.map((faq) => ({
          '@type': 'Question',
          name: faq.question,
          acceptedAnswer: { '@type': 'Answer', text: faq.answer },
        })),
      },
    ],
  })
}

export default function Home() {
  return (
    <StaticIsland id="home">
      <HomeSections faqs={FAQS} />
    </StaticIsland>
  )
}
