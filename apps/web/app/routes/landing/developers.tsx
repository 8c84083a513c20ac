import { serverOnly$ } from 'vite-env-only/macros'
import { lazy, useEffect } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { StaticIsland } from '#app/components/static-island.tsx'
import { installCodeCopyButtons } from '#app/lib/copy-code.ts'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'
import * as prerendered from './developers-sections.tsx'

// The prerender draws the sections directly; the browser keeps that HTML (StaticIsland) and loads their code,
// with the contracts they read, only to draw them after a client-side navigation.
const sections = serverOnly$(prerendered)
const DevelopersSections =
  sections?.DevelopersSections ??
  lazy(() => import('./developers-sections.tsx').then((module) => ({ default: module.DevelopersSections })))

const DESCRIPTION = `The ${BRAND.name} API for developers: API keys, a video in one call with curl or JavaScript, signed webhooks, batches from a CSV, an MCP server for AI assistants, and its limits and errors.`

export function meta() {
  return buildMeta({
    title: pageTitle('Developers: API, Webhooks & MCP'),
    description: DESCRIPTION,
    path: '/developers',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'TechArticle',
        headline: `${BRAND.name} for developers`,
        description: DESCRIPTION,
        url: absoluteUrl('/developers'),
        publisher: { '@type': 'Organization', name: BRAND.name, url: absoluteUrl('/') },
      },
    ],
  })
}

export default function Developers() {
  useEffect(() => installCodeCopyButtons(document), [])
  return (
    <StaticIsland id="developers">
      <DevelopersSections />
    </StaticIsland>
  )
}
