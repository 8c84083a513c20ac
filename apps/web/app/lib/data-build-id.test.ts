import { describe, expect, it } from 'vitest'

import { addBuildIdToDataUrl } from './data-build-id.ts'

const ORIGIN = 'https://storyreel.app'

describe('addBuildIdToDataUrl', () => {
  it('adds the build id to a page-data request, after its own query', () => {
    const url = addBuildIdToDataUrl(new URL(`${ORIGIN}/privacy.data?_routes=root`), ORIGIN, 'b1')
    expect(url.href).toBe(`${ORIGIN}/privacy.data?_routes=root&_b=b1`)
  })

  it('leaves other requests alone', () => {
    const api = new URL(`${ORIGIN}/api/v1/auth/me`)
    expect(addBuildIdToDataUrl(api, ORIGIN, 'b1')).toBe(api)
    const foreign = new URL('https://cdn.example.com/x.data')
    expect(addBuildIdToDataUrl(foreign, ORIGIN, 'b1')).toBe(foreign)
  })
})
