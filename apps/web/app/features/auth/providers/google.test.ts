// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

vi.mock('#app/lib/load-script.ts', () => ({ loadScript: () => Promise.resolve() }))

const { renderGoogleButton } = await import('./google.ts')

describe('renderGoogleButton', () => {
  it("logs 'Google Auth API not initialized.' and aborts when the SDK did not define its API", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const onCredential = vi.fn()
    const rendered = await renderGoogleButton(
      document.createElement('div'),
      { clientId: 'id', width: 300, dark: true },
      onCredential,
    )
    expect(rendered).toBe(false)
    expect(error).toHaveBeenCalledWith('Google Auth API not initialized.')
    expect(onCredential).not.toHaveBeenCalled()
  })
})
