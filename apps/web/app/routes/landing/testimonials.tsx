import { lazy } from 'react'
import { serverOnly$ } from 'vite-env-only/macros'

import { BRAND } from '@storyreel/contracts/brand'

import { StaticIsland } from '#app/components/static-island.tsx'
import { buildMeta, pageTitle } from '#app/lib/seo.ts'

import * as prerendered from './testimonials-sections.tsx'

// The prerender draws the page directly; the browser keeps that HTML (StaticIsland) and loads its code only
// to draw it after a client-side navigation.
const sections = serverOnly$(prerendered)
const TestimonialsContent =
  sections?.TestimonialsContent ??
  lazy(() => import('./testimonials-sections.tsx').then((module) => ({ default: module.TestimonialsContent })))

export function meta() {
  return buildMeta({
    title: pageTitle('Testimonials from creators and businesses'),
    description: `Illustrative stories, written by our team, of how creators, marketers and small businesses can use ${BRAND.name} for videos with AI voiceovers, music and anime video.`,
    path: '/testimonials',
  })
}

export default function Testimonials() {
  return (
    <StaticIsland id="testimonials">
      <TestimonialsContent />
    </StaticIsland>
  )
}
