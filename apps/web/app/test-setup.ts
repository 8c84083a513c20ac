import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
