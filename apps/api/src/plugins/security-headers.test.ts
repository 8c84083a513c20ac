import { describe, expect, it } from 'vitest'

import { buildDocumentCsp, mergeExternalSources } from './security-headers.ts'

function directives(csp: string): Record<string, string[]> {
  const map: Record<string, string[]> = {}
  for (const part of csp.split('; ')) {
    const [name = '', ...values] = part.split(' ')
    map[name] = values
  }
  return map
}

describe('buildDocumentCsp', () => {
  it('allows only this origin, data: images and the hashed inline scripts by default', () => {
    const csp = directives(buildDocumentCsp({ scriptHashes: ["'sha256-abc='"], https: false }))
    expect(csp['script-src']).toEqual(["'self'", "'sha256-abc='"])
    expect(csp['img-src']).toEqual(["'self'", 'data:'])
    // Fonts, fetches, the manifest and media fall back to default-src: this origin only.
    expect(csp['default-src']).toEqual(["'self'"])
    for (const name of ['font-src', 'connect-src', 'manifest-src', 'media-src', 'frame-src']) {
      expect(csp[name], name).toBeUndefined()
    }
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
  })

  it('adds each external source to its own directive', () => {
    const csp = directives(
      buildDocumentCsp({
        scriptHashes: [],
        https: true,
        external: {
          script: ['https://s.example'],
          img: ['https://i.example'],
          connect: ['https://c.example'],
          media: ['https://m.example'],
        },
      }),
    )
    expect(csp['script-src']).toEqual(["'self'", 'https://s.example'])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://i.example'])
    expect(csp['connect-src']).toEqual(["'self'", 'https://c.example'])
    expect(csp['media-src']).toEqual(["'self'", 'https://m.example'])
    expect(csp['upgrade-insecure-requests']).toEqual([])
  })
})

describe('mergeExternalSources', () => {
  it('joins several features per directive, each origin once, in order', () => {
    expect(
      mergeExternalSources(
        { script: ['https://a.example'], connect: ['https://a.example'] },
        {},
        { script: ['https://b.example', 'https://a.example'], img: ['https://b.example'] },
      ),
    ).toEqual({
      script: ['https://a.example', 'https://b.example'],
      connect: ['https://a.example'],
      img: ['https://b.example'],
    })
  })
})
