// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { SaveTemplateButton } from './save-template.tsx'
import { mockApi, QueryWrapper, signIn } from './studio-test-utils.tsx'

const PROJECT = '00000000-0000-4000-8000-0000000000a1'

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
})
afterEach(() => vi.unstubAllGlobals())

describe('SaveTemplateButton', () => {
  it('saves the latest edits first, then the storyboard as a template with the name and words chosen', async () => {
    signIn()
    const user = userEvent.setup()
    const order: string[] = []
    const calls = mockApi(({ method, url }) => {
      if (method === 'POST' && url.pathname.endsWith('/templates')) {
        order.push('template')
        return { status: 201, body: { id: '00000000-0000-4000-8000-0000000000b1' } }
      }
      return { body: { templates: [], own: { count: 1, limit: 3 } } }
    })
    const beforeSave = vi.fn(() => {
      order.push('autosave')
      return Promise.resolve(true)
    })
    render(
      <QueryWrapper>
        <SaveTemplateButton projectId={PROJECT} title="Bakery week" beforeSave={beforeSave} />
      </QueryWrapper>,
    )
    await user.click(screen.getByRole('button', { name: 'Save as template' }))
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' })
    expect(name.value).toBe('Bakery week')
    // Without the words by default: each scene will ask for new ones.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Leave the words out/ }).checked).toBe(true)
    await user.clear(name)
    await user.type(name, 'Weekly special')
    await user.click(screen.getByRole('radio', { name: /Keep the words/ }))
    await user.click(screen.getByRole('button', { name: 'Save template' }))

    await waitFor(() => expect(order).toEqual(['autosave', 'template']))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      project_id: PROJECT,
      name: 'Weekly special',
      with_words: true,
    })
  })
})
