import { describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('localhost')
    expect(config.trustProxy).toBe(false)
    expect(config.webBuildDir).toMatch(/apps\/web\/build$/)
  })

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL/,
    )
  })
})
