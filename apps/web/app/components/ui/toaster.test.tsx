// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, Link } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { toasts } from '#app/lib/toast.ts'

import { Toaster } from './toaster.tsx'

function renderPages() {
  const page = (next: string) => () => (
    <>
      <Link to={next}>Next page</Link>
      <Toaster />
    </>
  )
  const Stub = createRoutesStub([
    { path: '/auth/register', Component: page('/auth/confirm') },
    { path: '/auth/confirm', Component: page('/auth/register') },
  ])
  return render(<Stub initialEntries={['/auth/register']} />)
}

afterEach(() => {
  act(() => {
    for (const toast of toasts.getToasts()) toasts.dismiss(toast.id)
  })
})

describe('Toaster', () => {
  it('takes the errors of a page away when the visitor leaves it, and keeps news meant to travel', async () => {
    const user = userEvent.setup()
    renderPages()
    act(() => {
      toasts.notify({ tone: 'negative', message: 'This password is too common.', page: '/auth/register' })
      toasts.notify({ tone: 'info', message: 'We sent a code to ada@example.com.' })
    })
    expect((await screen.findByRole('alert')).textContent).toContain('This password is too common.')
    await user.click(screen.getByRole('link', { name: 'Next page' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('We sent a code to ada@example.com.')
  })
})
