import { serverOnly$ } from 'vite-env-only/macros'
import { lazy } from 'react'

import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { StaticIsland } from '#app/components/static-island.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'
import * as prerendered from './features-sections.tsx'

// The prerender draws the static sections directly; the browser keeps that HTML (StaticIsland) and loads
// their code only to draw them after a client-side navigation.
const sections = serverOnly$(prerendered)
const FeaturesSections =
  sections?.FeaturesSections ??
  lazy(() => import('./features-sections.tsx').then((module) => ({ default: module.FeaturesSections })))

const DESCRIPTION =
  'Every feature with real samples: text-to-video storyboards, styles from anime to watercolor, AI voiceovers you can listen to, original music sorted by mood, your brand kit and templates, captions and HD export.'

export function meta() {
  return buildMeta({
    title: pageTitle('Features: Text to Video, Anime, Voiceovers & Music'),
    description: DESCRIPTION,
    path: '/features',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: BRAND.name,
        applicationCategory: 'MultimediaApplication',
        operatingSystem: 'iOS, Android, Web',
        url: absoluteUrl('/features'),
        description: DESCRIPTION,
        featureList: [
          'Text to video from a prompt or script',
          'Anime video styles',
          'AI voiceovers in several languages',
          'Original music library organized by mood and genre',
          'Captions generated from the script',
          'Brand kit: your logo, colours, and opening and closing cards on your videos',
          'Templates for product ads, shop promos, listings and more',
          '9:16, 1:1 and 16:9 formats',
          `${PLAN_LIMITS.free.maxResolution} export on the Free plan, ${PLAN_LIMITS.paid.maxResolution} on Premium`,
        ],
        offers: { '@type': 'Offer', name: 'Free plan', price: '0', priceCurrency: 'USD' },
        sameAs: [BRAND.appStore.url, BRAND.googlePlay.url],
      },
    ],
  })
}

export default function Features() {
  return (
    <StaticIsland id="features">
      <FeaturesSections />
    </StaticIsland>
  )
}
