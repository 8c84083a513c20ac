import { describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'

import { getAmbassadorMailto } from './ambassador-mail.ts'

function parseMailto(mailto: string) {
  const match = /^mailto:([^?]+)\?(.*)$/.exec(mailto)
  if (!match) throw new Error(`not a mailto URL with a query: ${mailto}`)
  const [, address = '', query = ''] = match
  const params = new URLSearchParams(query)
  return {
    address: decodeURIComponent(address),
    subject: params.get('subject') ?? '',
    body: params.get('body') ?? '',
  }
}

describe('getAmbassadorMailto', () => {
  it('opens a draft to the creators address', () => {
    const { address, subject } = parseMailto(getAmbassadorMailto())
    expect(address).toBe(BRAND.creatorsEmail)
    expect(subject).toBe(`${BRAND.name} Ambassador application`)
  })

  it('asks for the channel link, with room to answer', () => {
    const { body } = parseMailto(getAmbassadorMailto())
    expect(body).toMatch(/link to your channel or profile:\n\n/i)
  })

  it('asks how the sender will use the product, with room to answer', () => {
    const { body } = parseMailto(getAmbassadorMailto())
    expect(body).toContain(`How will you use ${BRAND.name} in your videos?\n\n`)
  })

  it('encodes spaces and line breaks so every mail client reads the same draft', () => {
    const mailto = getAmbassadorMailto()
    expect(mailto).not.toMatch(/[ \n]/)
    expect(mailto).toContain('%0A')
  })
})
