import { describe, expect, it } from 'vitest'

import { allowsPrefetch, isSlow2g, readConnection } from './connection.ts'

function navigatorWith(connection?: object): Navigator {
  return { connection } as unknown as Navigator
}

describe('connection rules', () => {
  it('treats a browser without the Network Information API as fast', () => {
    const connection = readConnection(navigatorWith(undefined))
    expect(connection).toEqual({ effectiveType: undefined, saveData: false })
    expect(allowsPrefetch(connection)).toBe(true)
    expect(isSlow2g(connection)).toBe(false)
  })

  it('skips prefetch with data saver on, or on 2g and slow-2g', () => {
    expect(allowsPrefetch(readConnection(navigatorWith({ effectiveType: '4g', saveData: true })))).toBe(false)
    expect(allowsPrefetch({ effectiveType: '2g' })).toBe(false)
    expect(allowsPrefetch({ effectiveType: 'slow-2g' })).toBe(false)
    expect(allowsPrefetch({ effectiveType: '3g', saveData: false })).toBe(true)
  })

  it('defers the manifest only on slow-2g', () => {
    expect(isSlow2g({ effectiveType: 'slow-2g' })).toBe(true)
    expect(isSlow2g({ effectiveType: '2g' })).toBe(false)
  })
})
