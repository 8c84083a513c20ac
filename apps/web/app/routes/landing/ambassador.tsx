import { lazy } from 'react'
import { serverOnly$ } from 'vite-env-only/macros'

import { BRAND } from '@storyreel/contracts/brand'

import { StaticIsland } from '#app/components/static-island.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

import { AMBASSADOR_FAQ as FAQ } from './ambassador-faqs.ts'
import * as prerendered from './ambassador-sections.tsx'

// The prerender draws the page directly; the browser keeps that HTML (StaticIsland) and loads its code only
// to draw it after a client-side navigation.
const sections = serverOnly$(prerendered)
const AmbassadorContent =
  sections?.AmbassadorContent ??
  lazy(() => import('./ambassador-sections.tsx').then((module) => ({ default: module.AmbassadorContent })))

const DESCRIPTION = `Join the ${BRAND.name} Ambassador programme: make videos you believe in and get Premium, early access to new features and a direct line to our team.`

export function meta() {
  return buildMeta({
    title: pageTitle('Become an Ambassador'),
    description: DESCRIPTION,
    path: '/ambassador',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: FAQ.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: `${BRAND.name} Ambassador programme`,
        description: DESCRIPTION,
        url: absoluteUrl('/ambassador'),
      },
    ],
  })
}

export default function Ambassador() {
  return (
    <StaticIsland id="ambassador">
      <AmbassadorContent faqs={FAQ} />
    </StaticIsland>
  )
}
