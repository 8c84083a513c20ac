// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'

import Confirm from './confirm.tsx'

describe('/confirm', () => {
  it('tells the visitor to look for mail from StoryReel, and offers the support address only to write to', () => {
    const Stub = createRoutesStub([{ path: '/confirm', Component: Confirm }])
    render(<Stub initialEntries={['/confirm']} />)
    const tip = screen.getByRole('heading', { name: `Search for ${BRAND.name}` }).parentElement
    expect(tip?.textContent).toContain(`Codes come from ${BRAND.name}.`)
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const supportMentions: (string | null | undefined)[] = []
    while (texts.nextNode()) {
      const text = texts.currentNode
      if (text.textContent?.includes(BRAND.supportEmail)) {
        supportMentions.push(text.parentElement?.closest('a')?.getAttribute('href'))
      }
    }
    expect(supportMentions).toEqual([expect.stringMatching(/^mailto:support@/)])
  })
})
