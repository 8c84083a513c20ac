// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'

import { saveAnalyticsConsent } from './analytics.ts'
import { GtmIdError } from './gtm-id.ts'
import { storage } from './storage.ts'
import { getTagManagerScriptUrl, loadTagManager } from './tag-manager.ts'

const gtmScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]')]

afterEach(() => {
  storage.clear()
  delete window.dataLayer
  for (const script of gtmScripts()) script.remove()
})

describe('loadTagManager', () => {
  it('does nothing without consent', async () => {
    await loadTagManager('GTM-AB12CD')
    saveAnalyticsConsent('denied')
    await loadTagManager('GTM-AB12CD')
    expect(gtmScripts()).toHaveLength(0)
    expect(window.dataLayer).toBeUndefined()
  })

  it('with consent, queues Consent Mode before gtm.js and adds the container script once', () => {
    saveAnalyticsConsent('granted')
    void loadTagManager('GTM-AB12CD')
    void loadTagManager('GTM-AB12CD')
    expect(gtmScripts().map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD'])
    expect(gtmScripts()[0]?.async).toBe(true)
    const layer = window.dataLayer ?? []
    expect(layer).toHaveLength(3)
    expect([...(layer[0] as IArguments)].slice(0, 2)).toEqual(['consent', 'default'])
    expect([...(layer[1] as IArguments)]).toEqual(['consent', 'update', { analytics_storage: 'granted' }])
    expect(layer[2]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) as number })
  })

  it('refuses a malformed id with the corrected one, even with consent', () => {
    saveAnalyticsConsent('granted')
    expect(() => loadTagManager('gtm-ab12cd')).toThrow(GtmIdError)
    expect(() => loadTagManager('gtm-ab12cd')).toThrow(/Did you mean 'GTM-AB12CD'\?/)
    expect(() => getTagManagerScriptUrl('GTM-AB12CD"><script>')).toThrow(GtmIdError)
    expect(gtmScripts()).toHaveLength(0)
  })
})
