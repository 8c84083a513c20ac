import { BRAND } from '@storyreel/contracts/brand'

/** The ambassador page's questions: its FAQ section and its FAQPage structured data. */
export const AMBASSADOR_FAQ = [
  {
    question: 'Do I need a large following?',
    answer:
      'No. We care about the quality and consistency of your videos and how well you know your audience. Small, focused channels are welcome to apply.',
  },
  {
    question: 'Which platforms count?',
    answer:
      'Any platform where you publish video: YouTube, TikTok, Instagram, Facebook, Pinterest, LinkedIn, Snapchat or your own site. Tell us where your audience is.',
  },
  {
    question: 'Is the programme paid?',
    answer: `The programme is built on the benefits listed on this page: Premium access, early features, a direct line to the team and the chance to be featured. Our Terms & Conditions state that any specific terms, such as rewards or content requirements, are agreed with you by e-mail before you start.`,
  },
  {
    question: "Can I say what I don't like?",
    answer: `Yes. Honest videos are more useful to your audience and to us. If something in ${BRAND.name} gets in your way, say so, and tell us too so we can fix it.`,
  },
  {
    question: 'How do I disclose the partnership?',
    answer:
      "Use your platform's built-in paid partnership or branded content label where one exists, and add a clear mention such as #ad or #partner in the caption or video. Disclosure must be visible without clicking 'more'.",
  },
  {
    question: 'Can I monetize videos that use the music library?',
    answer: `Yes. Library tracks are licensed for videos you make with ${BRAND.name}, including monetized videos. Do not register the music with content identification systems such as YouTube Content ID, and do not use it outside videos made with the app.`,
  },
  {
    question: 'Which device do I need?',
    answer: `${BRAND.name} runs on iPhone, iPad and Android, and in the web app. Create on whichever fits the way you work; when we set you up, just tell us the e-mail address of your ${BRAND.name} account.`,
  },
] as const
