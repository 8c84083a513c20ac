import { BRAND } from '@storyreel/contracts/brand'

import { env } from './env.ts'
import { getOgImagePath } from './site-paths.ts'

type MetaDescriptor = Record<string, unknown>

export function absoluteUrl(path: string): string {
  return `${env.publicUrl}${path}`
}

/** Title, description, canonical, Open Graph and Twitter tags for one page, plus any JSON-LD blocks. */
export function buildMeta({
  title,
  description,
  path,
  type = 'website',
  jsonLd = [],
}: {
  title: string
  description: string
  path: string
  type?: 'website' | 'article'
  jsonLd?: object[]
}): MetaDescriptor[] {
  const url = absoluteUrl(path)
  const image = absoluteUrl(getOgImagePath(path))
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...jsonLd.map((block) => ({ 'script:ld+json': block })),
  ]
}

export function pageTitle(title: string): string {
  return `${title} | ${BRAND.name}`
}
