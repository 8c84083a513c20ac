import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { VOICE_ENGINE_LABEL, VOICE_LIBRARY } from '#app/features/samples/voice-library.ts'
import { formatSize } from '#app/lib/format-size.ts'

/** The home page's questions: its FAQ section and its FAQPage structured data. */
export const FAQS = [
  {
    question: `What is ${BRAND.name}?`,
    answer: `${BRAND.name} is an AI video generator. You give it an idea or a script, and it builds a finished video: a storyboard of scenes, generated visuals, a voiceover, background music and captions. It runs on iPhone, Android and the web.`,
  },
  {
    question: 'How does text-to-video work?',
    answer:
      'Type a prompt or paste a script. The app splits your text into a storyboard of scenes, generates the visuals for each one, then adds narration, music and captions. Before you export, you can adjust any scene on its own without starting over.',
  },
  {
    question: 'Can I make anime videos?',
    answer:
      'Yes. Choose the anime style before you generate and every scene is drawn in that look, which makes it a natural fit for story channels, fan-style shorts and character-driven series.',
  },
  {
    question: 'How do the AI voiceovers sound?',
    answer: `Listen to the samples on this page: they are exactly what the built-in voices make. They are clear synthetic narrators (${VOICE_ENGINE_LABEL}, running on our own servers) in ${VOICE_LIBRARY.languages.length} languages, with adjustable pace, and every word stays in step with the captions. Where a hosted neural speech service is connected, more natural-sounding voices join the list. You can try a different voice on the same script at any time.`,
  },
  {
    question: 'Can I use my own photos, clips and music?',
    answer: `Yes. Upload them to your media library (${formatSize(PLAN_LIMITS.free.storageBytes)} on the Free plan, ${formatSize(PLAN_LIMITS.paid.storageBytes)} on Premium) and put a photo or a clip in any scene: a photo fills the frame around what matters, or is shown whole over a soft blur, with a slow camera move; a clip is trimmed to the seconds you choose. An uploaded track can be the music, mixed under the voice. Your files are used only in your own videos.`,
  },
  {
    question: 'Can I use the music in the videos I publish?',
    answer: `Yes. Tracks in the music library are licensed for videos made with ${BRAND.name}. Browse by mood or genre, pick one, and it is mixed under the narration so the voice stays clear.`,
  },
  {
    question: 'Which formats can I export?',
    answer: `Every video can be made in 9:16 for Shorts, Reels and TikTok, 1:1 for square feeds, or 16:9 for YouTube and websites, as an MP4 with captions generated from your script: ${PLAN_LIMITS.free.maxResolution} on the Free plan, ${PLAN_LIMITS.paid.maxResolution} on Premium.`,
  },
  {
    question: `Is ${BRAND.name} free?`,
    answer: `Yes, to start: the Free plan renders ${PLAN_LIMITS.free.rendersPerDay} videos a day at ${PLAN_LIMITS.free.maxResolution}, with every style, voice and track and no watermark. Premium renders up to ${PLAN_LIMITS.paid.rendersPerDay} a day at ${PLAN_LIMITS.paid.maxResolution} and is billed weekly, monthly or yearly through the App Store or Google Play. Watch for the Free Week offer, a full week of Premium at no cost.`,
  },
  {
    question: 'Do I need video editing experience?',
    answer:
      'No. If you can describe what you want to say, you can make a video. The app handles the storyboard, visuals, voice, music and captions, and you step in only where you want to change something.',
  },
] as const
