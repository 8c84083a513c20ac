import { describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'
import { RouteRulesSchema } from '@storyreel/contracts/route-rules'

import routeRules from '../route-rules.json'

describe('route-rules.json', () => {
  const rules = RouteRulesSchema.parse(routeRules)

  it('sends the two legacy URLs to their articles', () => {
    expect(
      rules['/blog/The Magic of AI Anime Video Generation: Bringing Your Ideas to Life with Extensive Music Library']
        ?.redirect,
    ).toEqual({
      to: '/blog/the-magic-of-ai-anime-video-generation-bringing-your-ideas-life-with-extensive-music-library',
      statusCode: 301,
    })
    expect(rules['/step-by-step-guide']?.redirect.to).toBe(
      '/blog/step-by-step-guide-creating-a-cinematic-masterpiece-with-ai-video-generators-and-music',
    )
  })

  it('keeps the store short links in step with the brand config', () => {
    expect(rules['/download/ios']?.redirect.to).toBe(BRAND.appStore.url)
    expect(rules['/download/android']?.redirect.to).toBe(BRAND.googlePlay.url)
  })
})
