// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'

import ConfirmCodeRoute from './confirm.tsx'

describe('/auth/confirm', () => {
  it('names StoryReel as the sender of the code, not the support address, which sends nothing', () => {
    const Stub = createRoutesStub([{ path: '/auth/confirm', Component: ConfirmCodeRoute }])
    render(<Stub initialEntries={['/auth/confirm']} />)
    const hint = screen.getByText(/No e-mail\?/)
    expect(hint.textContent).toContain(`Look in spam and promotions for a message from ${BRAND.name}, or`)
    expect(document.body.textContent).not.toContain(BRAND.supportEmail)
  })
})
