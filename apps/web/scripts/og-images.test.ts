import { describe, expect, it } from 'vitest'

import { getOgImagePath, LANDING_PATHS } from '../app/lib/site-paths.ts'
import { getOgImageFile, listOgImageJobs, PAGE_OG_COPY } from './og-images.ts'

const POST = { slug: 'a-post', title: 'A post about storyboards', category: 'How to', readingMinutes: 6 }

describe('getOgImageFile', () => {
  it('writes each image where the page meta tags point', () => {
    for (const path of [...LANDING_PATHS, '/blog/a-post']) {
      expect(`/${getOgImageFile(path)}`).toBe(getOgImagePath(path))
    }
  })
})

describe('listOgImageJobs', () => {
  it('makes one page card per landing path and one post card per post', () => {
    const jobs = listOgImageJobs(LANDING_PATHS, [POST])
    expect(jobs).toHaveLength(LANDING_PATHS.length + 1)
    expect(jobs[0]).toEqual({ file: 'og/home.png', card: { kind: 'page', ...PAGE_OG_COPY['/'] } })
    expect(jobs.at(-1)).toEqual({
      file: 'og/blog/a-post.png',
      card: { kind: 'post', title: POST.title, category: 'How to', readingMinutes: 6 },
    })
  })

  it('fails for a landing path without a title and tagline', () => {
    expect(() => listOgImageJobs(['/', '/careers'], [])).toThrow(
      'No Open Graph title/tagline for landing path "/careers"',
    )
  })

  it('does not treat inherited object keys as entries', () => {
    expect(() => listOgImageJobs(['toString'], [])).toThrow('No Open Graph title/tagline')
  })
})
