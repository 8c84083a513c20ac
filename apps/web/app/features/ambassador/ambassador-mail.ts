import { BRAND } from '@storyreel/contracts/brand'

export const AMBASSADOR_CHANNEL_QUESTION = 'Link to your channel or profile:'
export const AMBASSADOR_USAGE_QUESTION = `How will you use ${BRAND.name} in your videos?`

/**
 * The Become Ambassador call to action: a mail draft to the creators address that asks for a
 * channel link and for how the sender will use the product, leaving a blank line under each question.
 */
export function getAmbassadorMailto(): string {
  const subject = `${BRAND.name} Ambassador application`
  const body = [
    'Hi team,',
    '',
    `I would like to become a ${BRAND.name} ambassador.`,
    '',
    AMBASSADOR_CHANNEL_QUESTION,
    '',
    '',
    AMBASSADOR_USAGE_QUESTION,
    '',
    '',
    'Thanks!',
  ].join('\n')
  return `mailto:${BRAND.creatorsEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
