import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { DeviceMockup, DeviceStatusBar } from '#app/components/device-mockup.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { ArrowRightIcon, CheckIcon } from '#app/components/ui/site-icons.tsx'
import { Waveform } from '#app/components/waveform.tsx'
import { SampleGallery } from '#app/features/samples/sample-gallery.tsx'
import { SampleVideoFacts, SampleVideoPlayer } from '#app/features/samples/sample-video.tsx'
import { getSampleVideo, type SampleVideo } from '#app/features/samples/videos.ts'
import { VOICE_ENGINE_LABEL, VOICE_LIBRARY } from '#app/features/samples/voice-library.ts'
import { getVoiceSamples } from '#app/features/samples/voices.ts'
import { VoiceSamples } from '#app/features/samples/voice-samples.tsx'

/**
 * The features page's sections. None needs React once prerendered (the voice samples play through a delegated
 * listener), so the page keeps them as a static island, and this module loads only when the page is rendered
 * in the browser after a client-side navigation.
 */

type SampleVisual = { kind: 'script' | 'video'; sample: string }

/** One feature of the features page: what it is, how you use it and the details. */
type Feature = {
  id: string
  label: string
  title: string
  what: string
  steps: readonly string[]
  specifics: ReadonlyArray<{ title: string; body: string }>
  glow: string
}

const container = 'mx-auto max-w-7xl px-5 tablet:px-8'

/** A feature's section: real output beside it (`children`), then what it does, how you use it and the details. */
function FeatureSection({ feature, flipped, children }: { feature: Feature; flipped: boolean; children: ReactNode }) {
  const titleId = `${feature.id}-title`
  return (
    <section
      id={feature.id}
      aria-labelledby={titleId}
      className="scroll-mt-20 border-t border-line/70 py-20 desktop:py-28"
    >
      <div className={`${container} grid items-center gap-12 desktop:grid-cols-2 desktop:gap-16`}>
        <div className={`relative isolate ${flipped ? 'desktop:order-last' : ''}`}>
          <div aria-hidden="true" className={`absolute inset-8 -z-10 rounded-full glow-blur ${feature.glow}`} />
          {children}
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{feature.label}</p>
          <h2 id={titleId} className="text-balance mt-3 text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
            {feature.title}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted">{feature.what}</p>

          <h3 className="mt-9 text-lg font-semibold text-ink">How you use it</h3>
          <ol className="mt-4 space-y-3">
            {feature.steps.map((step, index) => (
              <li key={step} className="flex gap-3.5 leading-relaxed text-muted">
                <span
                  aria-hidden="true"
                  className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-flare-500 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>

          <h3 className="mt-9 text-lg font-semibold text-ink">The details</h3>
          <ul className="mt-4 grid gap-3 tablet:grid-cols-2">
            {feature.specifics.map((item) => (
              <li key={item.title} className="rounded-2xl border border-line bg-surface p-4">
                <p className="flex items-center gap-2 font-semibold text-ink">
                  <CheckIcon className="h-4 w-4 shrink-0 text-accent" />
                  {item.title}
                </p>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">{item.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}

/** Real output beside each feature: a rendered sample (with the script it came from) or the voices. */

const formatList = (items: readonly string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items)

const AI_VOICEOVERS: Feature = {
  id: 'ai-voiceovers',
  label: 'AI voiceovers',
  title: 'A narrator for every script, no microphone needed.',
  what: `Pick a voice and it reads your script at the pace you set, in step with the captions. The built-in voices are clear synthetic narrators made by ${VOICE_ENGINE_LABEL} on our own servers; where a hosted neural speech service is connected, more natural-sounding voices join the list. Listen before you choose: every sample here is exactly what the studio makes.`,
  steps: [
    'Pick a voice that suits your story or your brand.',
    'Choose the language your audience speaks.',
    'Generate: the narration follows your script and the captions follow the narration.',
  ],
  specifics: [
    {
      title: 'Voices with a character',
      body: 'From a warm storyteller to a steady documentary voice, choose the tone that fits the piece.',
    },
    {
      title: `${VOICE_LIBRARY.voices} voices, ${VOICE_LIBRARY.languages.length} languages`,
      body: `${formatList(VOICE_LIBRARY.languages)}: narrate in the language of your audience.`,
    },
    { title: 'Swap any time', body: 'Try a different voice on the same script without rewriting a word.' },
    {
      title: 'Always in front',
      body: 'Background music is mixed under the narration, so every word stays easy to follow.',
    },
  ],
  glow: 'bg-brand-400/20 dark:bg-brand-500/25',
}

const TEXT_TO_VIDEO: Feature = {
  id: 'text-to-video',
  label: 'Text to video',
  title: 'Type an idea. Get a finished video.',
  what: `Describe an idea in a sentence or paste a script you have already written, and ${BRAND.name} turns it into a storyboard: your text broken into scenes, each with its own generated visual, narration and caption. What comes out is a complete video, not a folder of clips waiting to be edited.`,
  steps: [
    'Start a new video and type a prompt or paste your script.',
    'Look over the storyboard of scenes the app builds from it.',
    'Generate, then adjust any scene that is not quite right.',
  ],
  specifics: [
    {
      title: 'Prompt or script',
      body: 'Begin with a one-line idea when you are exploring, or a full script when you know exactly what to say.',
    },
    {
      title: 'A storyboard first',
      body: 'See the structure of your video as a sequence of scenes, one for each beat of the story.',
    },
    {
      title: 'Visuals made for each scene',
      body: 'A picture is drawn for what each scene says, or shows your own photo or clip where you choose one.',
    },
    {
      title: 'Adjust scene by scene',
      body: 'Change the one scene that needs work and keep everything you already like.',
    },
  ],
  glow: 'bg-brand-500/20 dark:bg-brand-600/30',
}

const ANIME_VIDEO: Feature = {
  id: 'anime-video',
  label: 'Anime video',
  title: 'Give any story the look of an animated series.',
  what: 'Choose the anime style and your storyboard is drawn in it from the first scene to the last. Story channels, fan-style shorts, lyric videos and explainers get bold outlines, bright color and soft light, without drawing a single frame.',
  steps: [
    'Write or paste the story you want to tell.',
    'Pick the anime style before you generate.',
    'Add a voice and a track that match the mood.',
  ],
  specifics: [
    {
      title: 'Works with any text',
      body: 'Fiction, history, product stories or motivational scripts can all be told the anime way.',
    },
    {
      title: 'One look across the video',
      body: 'The style applies to every scene, so the whole piece feels like one world instead of a collage.',
    },
    {
      title: 'Every format',
      body: 'Make it vertical for Shorts, Reels and TikTok, square for feeds, or widescreen for YouTube.',
    },
    {
      title: 'Pairs with voice and score',
      body: 'Add a narrator and a track from the library for a complete, trailer-style result.',
    },
  ],
  glow: 'bg-flare-400/20 dark:bg-flare-500/25',
}

const YOUR_MEDIA: Feature = {
  id: 'your-media',
  label: 'Your photos and clips',
  title: 'Your shop, your product, your rooms, in any scene.',
  what: `Upload your own photos and video clips to your media library and put one in any scene instead of the drawn picture. Your narration, captions and music play over it, and the video's style grades its colour without redrawing it. The sample here was made from three public-domain photos.`,
  steps: [
    'Upload photos, clips or a track to your media library.',
    'On a scene, choose Photo or Clip and pick one, or fill every scene in order with “Use my media”.',
    'Adjust the crop, the camera move or the clip’s in and out points, then render.',
  ],
  specifics: [
    {
      title: 'Cropped around what matters',
      body: 'A photo fills the frame around its subject, found for you and movable by hand; one that would lose too much is shown whole over a soft blur of itself.',
    },
    {
      title: 'A camera that moves',
      body: 'A slow zoom or pan brings each photo to life, varied from scene to scene, or held still if you prefer.',
    },
    {
      title: 'Clips trimmed to the scene',
      body: 'Choose the seconds you want on a strip of the clip’s frames; if the scene runs longer, hold the last frame, loop or slow down. Its own sound stays muted unless you mix it in.',
    },
    {
      title: 'Your own music',
      body: 'An uploaded track can be the music: looped or faded to length, under the voice, and credited as yours in the licence receipt.',
    },
    {
      title: 'Stock footage, where it is turned on',
      body: 'Where a studio has Pexels or Pixabay turned on, a scene can search their free photos and clips starting from its own words, or every scene can be filled at once; each one used is credited in the licence receipt.',
    },
  ],
  glow: 'bg-flare-400/15 dark:bg-flare-500/20',
}

const BRAND_KIT: Feature = {
  id: 'brand-kit',
  label: 'Brand kit and templates',
  title: 'Your logo, your colours, your cards, on every video.',
  what: `Set up your brand once: your logo in a corner, your colours in the captions, a card with your logo and a headline at the start, and a card at the end that says what to do next and where to find you. Every new video uses it, and templates for what small businesses post most give each one a head start. The sample here is an ad for an imaginary flower shop, made with its kit: its logo, its colours on the caption plate and the cards, an opening card, and a closing card the narrator reads.`,
  steps: [
    'Open Brand in the app: add your logo, pick your colours and write your cards.',
    'On the Create page, start from a template and fill in the scenes it marks for your own words.',
    'Render: your kit is on the video, and any part of it can be switched off for one video.',
  ],
  specifics: [
    {
      title: 'Your logo, clear of the captions',
      body: 'A PNG or WebP, its transparency kept, in the corner, size and opacity you choose; it stays inside each platform’s safe area and never sits under the captions.',
    },
    {
      title: 'Colours that stay readable',
      body: 'A primary and an accent colour for the caption highlight, the caption plate and the cards, each checked for contrast, with the nearest legible shade one click away.',
    },
    {
      title: 'Opening and closing cards',
      body: 'Your logo and a headline to open; a call to action with your web address or phone number to close, read aloud by the narrator if you like.',
    },
    {
      title: 'Your own font, on Premium',
      body: 'Upload a TTF, OTF, WOFF or WOFF2 file and captions and cards are set in it, with our fonts filling in any letter it lacks.',
    },
    {
      title: 'Templates to start from',
      body: `Built-in ones for a product ad, a shop promo, a real-estate listing, a recipe, an event, a story, an explainer and a customer quote. Save any video as your own, with or without its words: ${PLAN_LIMITS.free.savedTemplates} on the Free plan, ${PLAN_LIMITS.paid.savedTemplates} on Premium.`,
    },
    {
      title: 'Nothing renders half-filled',
      body: 'A scene still waiting for your words is marked in the storyboard, and the video waits until every one is written.',
    },
  ],
  glow: 'bg-brand-400/15 dark:bg-brand-500/20',
}

const MUSIC_LIBRARY: Feature = {
  id: 'music-library',
  label: 'Music library',
  title: 'The right track for every mood.',
  what: `A library of original tracks, composed for ${BRAND.name} and organized by mood and genre, gives every video a score that fits. The tracks are licensed for videos made with ${BRAND.name}, so you can pick by feeling instead of worrying about rights.`,
  steps: [
    'Browse by mood or by genre.',
    'Pick the track that matches the story.',
    'It is mixed under the voiceover for you.',
  ],
  specifics: [
    {
      title: 'Sorted by mood and genre',
      body: 'Start from how the video should feel and find tracks that match in a couple of taps.',
    },
    {
      title: 'Licensed for your videos',
      body: `Use the tracks in the videos you make with ${BRAND.name} without hunting for separate licenses.`,
    },
    {
      title: 'Mixed under the narration',
      body: 'Levels are balanced so the music carries the mood and the voice carries the message.',
    },
    {
      title: 'Change it anytime',
      body: 'Swap the track, or use one you uploaded, and keep the visuals, voice and captions exactly as they are.',
    },
  ],
  glow: 'bg-glow-400/20 dark:bg-glow-400/20',
}

/** Where the page's anchors lead, in page order (the voices section lives in the page module). */
const ON_THIS_PAGE = [
  { id: TEXT_TO_VIDEO.id, label: TEXT_TO_VIDEO.label },
  { id: ANIME_VIDEO.id, label: ANIME_VIDEO.label },
  { id: YOUR_MEDIA.id, label: YOUR_MEDIA.label },
  { id: BRAND_KIT.id, label: BRAND_KIT.label },
  { id: 'ai-voiceovers', label: 'AI voiceovers' },
  { id: MUSIC_LIBRARY.id, label: MUSIC_LIBRARY.label },
  { id: 'formats', label: 'Formats & export' },
  { id: 'apps', label: 'Mobile apps' },
] as const

/** Every section of the features page. */
export function FeaturesSections() {
  return (
    <>
      <Intro />
      <FeatureSection feature={TEXT_TO_VIDEO} flipped={false}>
        <FeatureVisualPanel visual={{ kind: 'script', sample: 'lisbon-coffee' }} />
      </FeatureSection>
      <FeatureSection feature={ANIME_VIDEO} flipped>
        <FeatureVisualPanel visual={{ kind: 'video', sample: 'ships-cat' }} />
      </FeatureSection>
      <FeatureSection feature={YOUR_MEDIA} flipped={false}>
        <FeatureVisualPanel visual={{ kind: 'script', sample: 'launch-day' }} />
      </FeatureSection>
      <FeatureSection feature={BRAND_KIT} flipped>
        <FeatureVisualPanel visual={{ kind: 'video', sample: 'rosas-flowers' }} />
      </FeatureSection>
      <FeatureSection feature={AI_VOICEOVERS} flipped={false}>
        <div className="glass rounded-[2rem] p-5 tablet:p-7">
          <p className="text-sm font-semibold text-ink">
            Press play: each line was spoken by the studio’s voice engine
          </p>
          <div className="mt-4">
            <VoiceSamples voices={getVoiceSamples()} compact />
          </div>
        </div>
      </FeatureSection>
      <FeatureSection feature={MUSIC_LIBRARY} flipped>
        <FeatureVisualPanel visual={{ kind: 'video', sample: 'amalfi-diary' }} />
      </FeatureSection>
      <FormatsAndExport />
      <MobileApps />
      <Cta />
    </>
  )
}

function Intro() {
  return (
    <section aria-labelledby="features-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_50%_0%,rgb(139_92_246/0.16),transparent_70%)] dark:bg-[radial-gradient(60%_70%_at_50%_0%,rgb(124_58_237/0.32),transparent_70%)]"
      />
      <div className={`${container} pb-14 pt-14 text-center tablet:pt-20 desktop:pb-20`}>
        <p className="eyebrow">Features</p>
        <h1
          id="features-title"
          className="text-balance mx-auto mt-6 max-w-4xl text-[2.4rem] font-extrabold leading-[1.06] tracking-tight text-ink mobileWide:text-5xl tablet:text-6xl"
        >
          Every part of a great video, <span className="text-gradient">generated from your words</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted tablet:text-xl">
          {BRAND.name} handles the whole production: the storyboard, the visuals, the voice, the music and the captions,
          with your own photos, clips and music wherever you want them, and your brand on every video. Here is what each
          part does and how you use it.
        </p>
        <nav aria-label="Features on this page" className="mt-10">
          <ul className="mx-auto flex max-w-3xl flex-wrap justify-center gap-2.5">
            {ON_THIS_PAGE.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className="btn-secondary px-4 py-2 text-sm">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  )
}

function FeatureVisualPanel({ visual }: { visual: SampleVisual }) {
  const video = getSampleVideo(visual.sample)
  const vertical = video.ratio === '9:16'
  return (
    <figure
      className={`glass rounded-[2rem] p-5 tablet:p-7 ${vertical ? 'tablet:flex tablet:items-center tablet:gap-7' : ''}`}
    >
      <SampleVideoPlayer
        video={video}
        className={
          vertical ? 'mx-auto w-full max-w-[17rem] shrink-0' : video.ratio === '1:1' ? 'mx-auto w-full max-w-sm' : ''
        }
      />
      <figcaption className={vertical ? 'mt-5 tablet:mt-0' : 'mt-5'}>
        <p className="font-semibold text-ink">{video.title}</p>
        <div className="mt-1">
          <SampleVideoFacts video={video} />
        </div>
        {visual.kind === 'script' ? <ScriptLines video={video} /> : null}
      </figcaption>
    </figure>
  )
}

/** The storyboard a sample was rendered from: one line of narration per scene. */
function ScriptLines({ video }: { video: SampleVideo }) {
  return (
    <div className="mt-4 rounded-2xl border border-line bg-canvas/60 p-4">
      <p className="text-xs font-semibold uppercase tracking-wider text-subtle">The storyboard it was made from</p>
      <ol className="mt-3 space-y-2 text-sm leading-relaxed text-muted">
        {video.script.map((line, index) => (
          <li key={line} className="flex gap-3">
            <span className="shrink-0 font-semibold text-accent">Scene {index + 1}</span>
            <span>{line}</span>
          </li>
        ))}
      </ol>
    </div>
  )
}

const FORMATS = [
  { ratio: '9:16', name: 'Vertical', body: 'Full-screen on phones for Shorts, Reels and TikTok.' },
  { ratio: '1:1', name: 'Square', body: 'Holds its space in feeds and carousels on any platform.' },
  { ratio: '16:9', name: 'Widescreen', body: 'Classic landscape for YouTube, websites and presentations.' },
] as const

const FORMAT_SAMPLES = ['octopus-facts', 'moon-bedtime'] as const

function FormatsAndExport() {
  return (
    <section
      id="formats"
      aria-labelledby="formats-title"
      className="scroll-mt-20 border-t border-line/70 py-20 desktop:py-28"
    >
      <div className={container}>
        <div className="max-w-3xl">
          <p className="eyebrow">Formats, captions and export</p>
          <h2
            id="formats-title"
            className="text-balance mt-4 text-3xl font-bold tracking-tight text-ink tablet:text-5xl"
          >
            One script, ready for wherever you post
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            Choose the shape that suits the platform, let captions write themselves from your script, and export an MP4
            you can upload straight away. Two more samples, straight from the studio:
          </p>
        </div>
        <div className="mt-12">
          <SampleGallery videos={FORMAT_SAMPLES.map(getSampleVideo)} />
        </div>
        <ul className="mt-12 grid gap-5 tablet:grid-cols-3">
          {FORMATS.map((format) => (
            <li key={format.ratio} className="glass rounded-3xl p-6">
              <h3 className="text-lg font-semibold text-ink">{`${format.ratio} ${format.name}`}</h3>
              <p className="mt-2 leading-relaxed text-muted">{format.body}</p>
            </li>
          ))}
        </ul>
        <div className="mt-5 grid gap-5 tablet:grid-cols-2">
          <div className="glass rounded-3xl p-7">
            <div
              aria-hidden="true"
              className="relative flex h-[104px] items-end justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-flare-500 to-glow-400 p-3"
            >
              <span className="absolute right-8 top-4 h-9 w-9 rounded-full bg-amber-100" />
              <span className="absolute inset-x-0 bottom-0 h-10 bg-[#2e1065]" />
              <span className="relative rounded-md bg-black px-2 py-1 text-sm font-bold text-white">
                Captions that match every word
              </span>
            </div>
            <h3 className="mt-5 text-xl font-semibold text-ink">Captions from your script</h3>
            <p className="mt-2 leading-relaxed text-muted">
              Captions are generated from the text you wrote, so they say exactly what the narrator says. Viewers
              scrolling with the sound off still get the whole message.
            </p>
          </div>
          <div className="glass rounded-3xl p-7">
            <div aria-hidden="true" className="flex h-[104px] items-center justify-center gap-3 rounded-2xl bg-raised">
              <span className="rounded-lg border-2 border-accent px-2.5 py-1 text-lg font-extrabold text-accent">
                HD
              </span>
              <ArrowRightIcon className="h-5 w-5 text-accent" />
              <span className="rounded-full bg-gradient-to-r from-brand-600 to-flare-500 px-4 py-1.5 text-sm font-semibold text-white">
                Export
              </span>
            </div>
            <h3 className="mt-5 text-xl font-semibold text-ink">HD export</h3>
            <p className="mt-2 leading-relaxed text-muted">
              An H.264 MP4 at {PLAN_LIMITS.free.maxResolution} on the Free plan and {PLAN_LIMITS.paid.maxResolution} on
              Premium, with its captions as a separate file too, ready to upload to any platform you use.
            </p>
          </div>
        </div>
      </div>
    </section>
  )
}

const MOODS = ['Calm', 'Upbeat', 'Epic', 'Dreamy'] as const

/** The library's calm tracks, as the picker lists them with Calm chosen. */
const TRACKS = [
  { name: 'Rainy Window Study', tags: 'Calm · Lo-fi', art: 'from-violet-500 to-fuchsia-500', playing: true },
  { name: 'Morning Tide Pools', tags: 'Calm · Ambient', art: 'from-cyan-500 to-indigo-500', playing: false },
  { name: 'Porch Light Hymn', tags: 'Calm · Acoustic', art: 'from-amber-400 to-rose-500', playing: false },
] as const

/** The app's music picker as a phone screen: mood filters, tracks and the voice it will sit under. */
function MusicPickerScreen() {
  return (
    <div className="flex h-full flex-col">
      <DeviceStatusBar />
      <div className="px-4">
        <p className="text-[15px] font-bold">Music</p>
        <p className="mt-0.5 text-[10.5px] text-zinc-300">Pick a mood, then a track</p>
        <ul className="mt-3 flex gap-1.5">
          {MOODS.map((mood, index) => (
            <li
              key={mood}
              className={`rounded-full px-2 py-1 text-[10px] font-semibold ${
                index === 0 ? 'bg-violet-600 text-white' : 'border border-zinc-700 bg-zinc-900 text-zinc-200'
              }`}
            >
              {mood}
            </li>
          ))}
        </ul>
      </div>
      <ul className="mt-4 space-y-2 px-3">
        {TRACKS.map((track) => (
          <li
            key={track.name}
            className={`flex h-[52px] items-center gap-2.5 rounded-xl border px-2.5 ${
              track.playing ? 'border-violet-400 bg-zinc-900' : 'border-zinc-800 bg-zinc-900'
            }`}
          >
            <span className={`h-8 w-8 shrink-0 rounded-lg bg-gradient-to-br ${track.art}`} />
            <span className="min-w-0 leading-tight">
              <span className="block text-[11.5px] font-semibold">{track.name}</span>
              <span className="block text-[10px] text-zinc-300">{track.tags}</span>
            </span>
            <span className="ml-auto grid h-7 w-7 place-items-center rounded-full bg-zinc-800">
              <svg viewBox="0 0 24 24" className="h-3 w-3" fill="#fff" aria-hidden="true" focusable="false">
                {track.playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M7 4.5v15l12-7.5Z" />}
              </svg>
            </span>
          </li>
        ))}
      </ul>
      <div className="mx-3 mt-4 rounded-xl border border-zinc-800 bg-zinc-900 p-3">
        <p className="flex justify-between text-[10px] font-semibold uppercase tracking-wider text-zinc-300">
          <span>Mix preview</span>
          <span>Voice on top</span>
        </p>
        <Waveform id="picker" className="mt-2 h-6 w-full" played={16} />
        <div className="mt-2 h-1.5 rounded-full bg-gradient-to-r from-cyan-400/80 to-violet-500/80" />
      </div>
      <span className="mx-3 mt-auto mb-6 rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 py-2.5 text-center text-[12px] font-semibold">
        Use this track
      </span>
    </div>
  )
}

function MobileApps() {
  return (
    <section
      id="apps"
      aria-labelledby="apps-title"
      className="relative isolate scroll-mt-20 overflow-hidden border-t border-line/70 py-20 desktop:py-28"
    >
      <div
        aria-hidden="true"
        className="absolute right-0 top-1/4 -z-10 h-[28rem] w-[28rem] rounded-full bg-brand-500/15 glow-blur dark:bg-brand-600/25"
      />
      <div className={`${container} grid items-center gap-14 desktop:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)]`}>
        <div>
          <p className="eyebrow">Mobile apps</p>
          <h2 id="apps-title" className="text-balance mt-4 text-3xl font-bold tracking-tight text-ink tablet:text-5xl">
            A full video studio in your pocket
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            {BRAND.name} runs on iPhone and Android, and the same studio runs in your browser for the days you would
            rather type on a keyboard. Capture an idea the moment you have it and shape it into a video wherever you
            are.
          </p>
          <ul className="mt-8 space-y-4">
            {[
              {
                title: 'Free to start',
                body: `The Free plan renders ${PLAN_LIMITS.free.rendersPerDay} videos a day at ${PLAN_LIMITS.free.maxResolution}, in the app or the browser.`,
              },
              {
                title: 'Premium through your store account',
                body: 'Billed weekly, monthly or yearly via the App Store or Google Play, and managed there too.',
              },
              {
                title: 'Free Week offer',
                body: 'A full week of Premium at no cost, redeemed as an App Store or Google Play offer code.',
              },
            ].map((item) => (
              <li key={item.title} className="flex gap-3.5">
                <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-accent" />
                <p className="leading-relaxed text-muted">
                  <span className="font-semibold text-ink">{item.title}.</span> {item.body}
                </p>
              </li>
            ))}
          </ul>
          <StoreBadges browser className="mt-9" />
        </div>
        <div className="flex justify-center">
          <DeviceMockup label="App screen of the music picker: mood filters, a list of tracks with one playing, and a preview of the music mixed under the voice.">
            <MusicPickerScreen />
          </DeviceMockup>
        </div>
      </div>
    </section>
  )
}

function Cta() {
  return (
    <section aria-labelledby="features-cta-title" className="pb-20 desktop:pb-28">
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-[2.5rem] border border-line bg-surface px-6 py-16 text-center tablet:px-12 desktop:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,rgb(139_92_246/0.20),transparent_70%),radial-gradient(40%_60%_at_10%_100%,rgb(236_72_153/0.12),transparent_70%)] dark:bg-[radial-gradient(60%_80%_at_50%_0%,rgb(124_58_237/0.40),transparent_70%),radial-gradient(40%_60%_at_10%_100%,rgb(236_72_153/0.18),transparent_70%)]"
          />
          <h2
            id="features-cta-title"
            className="text-balance mx-auto max-w-4xl text-3xl font-bold tracking-tight text-ink tablet:text-5xl"
          >
            Put every feature to work on <span className="text-gradient">your next video</span>
          </h2>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted">
            Script, visuals, voice, music and captions, all from one idea. Start on the Free plan in your browser and
            upgrade only if you need more.
          </p>
          <StoreBadges browser className="mt-9 justify-center" />
          <Link
            to={href('/pricing')}
            className="mt-6 inline-flex items-center gap-1.5 rounded-full font-semibold text-accent hover:underline"
          >
            Compare plans
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  )
}
