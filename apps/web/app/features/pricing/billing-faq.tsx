import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { FaqList } from '#app/components/faq-list.tsx'

import { formatRendersPerDay } from './plans.ts'

const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How am I billed for Premium?',
    answer: `Premium is an auto-renewing subscription you start inside the ${BRAND.name} app on iOS or Android. Apple or Google charges the payment method on your App Store or Google Play account at the start of each week, month or year, depending on the plan you pick. We never see or store your card details.`,
  },
  {
    question: 'Why are prices in US dollars?',
    answer:
      'The prices on this page are listed in USD. The App Store and Google Play show the price in your local currency before you confirm, so the amount you pay can differ slightly because of exchange rates and regional pricing.',
  },
  {
    question: 'Do taxes apply?',
    answer:
      'Depending on where you live, sales tax or VAT may apply. Apple and Google calculate it and show it on the purchase sheet, so you see the total before you subscribe.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Cancel from your store subscriptions. On iPhone or iPad: Settings, tap your name, then Subscriptions. On Android: open Google Play, tap your profile, then Payments & subscriptions, then Subscriptions. Deleting the app does not cancel a subscription.',
  },
  {
    question: 'What happens when I cancel?',
    answer: `Nothing changes right away: Premium stays active until the end of the period you have already paid for, and you are not charged again. After that your account moves to the Free plan: ${formatRendersPerDay(PLAN_LIMITS.free.rendersPerDay)} at ${PLAN_LIMITS.free.maxResolution}. Videos you already made are yours to keep, and every style, voice and track stays available.`,
  },
  {
    question: 'How does the Free Week work?',
    answer: `The Free Week gives you a full week of ${BRAND.name} Premium for free. You redeem it as an offer code in the App Store or Google Play, and the store shows exactly what happens when the week ends before you confirm. You can cancel from your store subscriptions at any time during the week.`,
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Because Apple and Google process every payment, refunds are handled by them under their own policies. You can request one from your purchase history in the App Store or Google Play.',
  },
]

/** Billing questions as native disclosure widgets, so they work before (and without) JavaScript. */
export function BillingFaq() {
  return <FaqList items={FAQ} variant="panel" />
}
