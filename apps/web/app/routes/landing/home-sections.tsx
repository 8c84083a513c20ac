import { href, Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { FaqList } from '#app/components/faq-list.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import {
  ArrowRightIcon,
  CheckIcon,
  FilmIcon,
  MicIcon,
  MusicNoteIcon,
  PhotoIcon,
  SparkIcon,
} from '#app/components/ui/site-icons.tsx'
import { SampleGallery } from '#app/features/samples/sample-gallery.tsx'
import { SampleVideoFacts, SampleVideoPlayer } from '#app/features/samples/sample-video.tsx'
import { getSampleVideo, SAMPLE_VIDEOS } from '#app/features/samples/videos.ts'
import { getVoiceSamples } from '#app/features/samples/voices.ts'
import { VoiceSamples } from '#app/features/samples/voice-samples.tsx'
import { IllustrativeNote } from '#app/features/testimonials/illustrative-note.tsx'
import { TestimonialCard } from '#app/features/testimonials/testimonial-card.tsx'
import { getHomeTestimonials } from '#app/features/testimonials/testimonials.ts'

import type { FaqItem } from '#app/components/faq-list.tsx'

/**
 * The home page's sections. None needs React once prerendered (the voice samples play through a delegated
 * listener), so the page keeps them as a static island, and this module loads only when the page is rendered
 * in the browser after a client-side navigation.
 */

const container = 'mx-auto max-w-7xl px-5 tablet:px-8'

/** Every section of the home page; `faqs` come from the page, whose structured data lists them too. */
export function HomeSections({ faqs }: { faqs: readonly FaqItem[] }) {
  return (
    <>
      <Hero />
      <Samples />
      <HowItWorks />
      <Capabilities />
      <Audiences />
      <Formats />
      <PricingTeaser />
      <Testimonials />
      <Faq faqs={faqs} />
      <FinalCta />
    </>
  )
}

const HERO_SAMPLE_ID = 'ships-cat'

function Hero() {
  const sample = getSampleVideo(HERO_SAMPLE_ID)
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_75%_20%,rgb(139_92_246/0.18),transparent_70%),radial-gradient(50%_50%_at_10%_80%,rgb(236_72_153/0.10),transparent_70%)] dark:bg-[radial-gradient(70%_60%_at_75%_20%,rgb(124_58_237/0.30),transparent_70%),radial-gradient(50%_50%_at_10%_80%,rgb(236_72_153/0.16),transparent_70%)]"
      />
      <div
        className={`${container} grid items-center gap-12 pb-16 pt-12 tablet:pt-16 desktop:grid-cols-[minmax(0,1.25fr)_minmax(0,0.75fr)] desktop:gap-14 desktop:pb-24 desktop:pt-20`}
      >
        <div>
          <p className="eyebrow">
            <SparkIcon className="h-4 w-4 text-accent" />
            AI video generator · web, iOS, Android
          </p>
          <h1
            id="hero-title"
            className="text-balance mt-6 text-[2.6rem] font-extrabold leading-[1.04] tracking-tight text-ink mobileWide:text-5xl tablet:text-6xl desktopMedium:text-7xl"
          >
            Turn your words into <span className="text-gradient">finished videos</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted tablet:text-xl">
            {`Write a prompt or paste a script. ${BRAND.name} storyboards it into scenes, draws the visuals or shows your own photos and clips, reads it with a voice you choose and sets it to music, ready to post in vertical, square or widescreen.`}
          </p>
          <StoreBadges browser className="mt-8" />
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-muted">
            {[`Free: ${PLAN_LIMITS.free.rendersPerDay} videos a day`, 'No watermark', 'Captions from your script'].map(
              (item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckIcon className="h-4 w-4 text-accent" />
                  {item}
                </li>
              ),
            )}
          </ul>
        </div>
        <figure className="mx-auto w-full max-w-[20rem] desktop:max-w-[22rem]">
          <SampleVideoPlayer video={sample} eager className="shadow-2xl shadow-brand-700/30" />
          <figcaption className="mt-4 text-center">
            <p className="text-sm font-semibold text-ink">
              {`“${sample.title}”, rendered by ${BRAND.name} from a ${sample.script.length}-line script`}
            </p>
            <div className="mt-1">
              <SampleVideoFacts video={sample} />
            </div>
          </figcaption>
        </figure>
      </div>
    </section>
  )
}

function Samples() {
  const videos = SAMPLE_VIDEOS.filter((video) => video.id !== HERO_SAMPLE_ID)
  return (
    <section aria-labelledby="samples-title" className="border-t border-line/70 py-20 desktop:py-28">
      <div className={container}>
        <SectionHeading
          id="samples-title"
          eyebrow="Real output"
          title={
            <>
              {`Made by ${BRAND.name}, `}
              <span className="text-gradient">not mocked up</span>
            </>
          }
        >
          Press play: these are renders from storyboards we wrote, in different styles and formats, exactly as the
          studio made them; one is made from three public-domain photos. The sound starts muted.
        </SectionHeading>
        <div className="mt-12">
          <SampleGallery videos={videos} />
        </div>
        <Link
          to={`${href('/features')}#formats`}
          className="mt-10 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-accent hover:underline"
        >
          What each part of a video does
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </section>
  )
}

const STEPS = [
  {
    title: 'Write or paste',
    body: 'Describe an idea in one sentence or drop in a full script. A hook, a product pitch or a three-part story all work.',
  },
  {
    title: 'Shape the storyboard',
    body: 'Your text becomes a sequence of scenes. Choose a look (anime, watercolor, comic and more), then pick a voice and a music track.',
  },
  {
    title: 'Generate and fine-tune',
    body: 'Watch the video come together, adjust any scene you want to change, and export it in HD with captions.',
  },
] as const

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="border-t border-line/70 py-20 desktop:py-28">
      <div className={container}>
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From a blank page to a finished video in three steps"
          centered
        >
          No timeline, no stock footage hunt, no recording booth. You bring the idea; the app does the production.
        </SectionHeading>
        <ol className="mt-14 grid gap-5 desktop:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="glass relative overflow-hidden rounded-3xl p-7 tablet:p-8">
              <span
                aria-hidden="true"
                className="absolute right-5 top-3 select-none text-[5.5rem] font-black leading-none text-brand-500/10 dark:text-brand-400/10"
              >
                {index + 1}
              </span>
              <span className="relative grid h-11 w-11 place-items-center rounded-2xl bg-gradient-to-br from-brand-600 to-flare-500 text-lg font-bold text-white">
                <span className="sr-only">Step </span>
                {index + 1}
              </span>
              <h3 className="relative mt-6 text-xl font-semibold text-ink">{step.title}</h3>
              <p className="relative mt-3 leading-relaxed text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

const AUDIENCES = [
  {
    title: 'Creators',
    pitch: 'Post more often without living in an editor.',
    uses: [
      'Faceless story and fun-fact channels for Shorts, Reels and TikTok',
      'Anime episodes and character stories written by you',
      'Narrated explainers, countdowns and list videos',
      'Bedtime stories and short fiction with a matching score',
    ],
  },
  {
    title: 'Marketers',
    pitch: 'Test more ideas, in every format, from one script.',
    uses: [
      'Product teasers cut for 9:16, 1:1 and 16:9',
      'A blog post or launch note turned into a narrated video',
      'Several hooks for the same ad to see which one lands',
      'Captioned clips for feeds that autoplay without sound',
    ],
  },
  {
    title: 'Small businesses',
    pitch: 'Look polished without a video budget.',
    uses: [
      'A short intro to what you do for your website and profiles',
      'Seasonal offers, new arrivals and event announcements',
      'How-to tips that answer the questions customers ask most',
      'Welcome and thank-you videos for new customers',
    ],
  },
] as const

function Audiences() {
  return (
    <section
      aria-labelledby="audiences-title"
      className="render-lazy [--lazy-height:1730px] tablet:[--lazy-height:1270px] desktop:[--lazy-height:720px] border-t border-line/70 py-20 desktop:py-28"
    >
      <div className={container}>
        <SectionHeading id="audiences-title" eyebrow="Who it's for" title="Built for people with more ideas than hours">
          Whether video is your craft, your channel or just one of a hundred jobs, the workflow stays the same: write
          it, generate it, post it.
        </SectionHeading>
        <div className="mt-14 grid gap-5 desktop:grid-cols-3">
          {AUDIENCES.map((audience, index) => (
            <article key={audience.title} className="glass flex flex-col rounded-3xl p-7 tablet:p-8">
              <span
                aria-hidden="true"
                className={`h-1.5 w-14 rounded-full bg-gradient-to-r ${
                  index === 0
                    ? 'from-brand-500 to-flare-400'
                    : index === 1
                      ? 'from-flare-500 to-glow-400'
                      : 'from-glow-400 to-brand-500'
                }`}
              />
              <h3 className="mt-6 text-2xl font-semibold text-ink">{audience.title}</h3>
              <p className="mt-2 font-medium text-ink">{audience.pitch}</p>
              <ul className="mt-5 space-y-3 text-muted">
                {audience.uses.map((use) => (
                  <li key={use} className="flex gap-3 leading-relaxed">
                    <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-accent" />
                    {use}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}

const FORMATS = [
  { ratio: '9:16', name: 'Vertical', use: 'Shorts, Reels and TikTok', box: 'h-10 w-[22.5px]' },
  { ratio: '1:1', name: 'Square', use: 'Feeds and carousels', box: 'h-8 w-8' },
  { ratio: '16:9', name: 'Widescreen', use: 'YouTube and websites', box: 'h-[22.5px] w-10' },
] as const

function Formats() {
  return (
    <section
      aria-labelledby="formats-title"
      className="render-lazy [--lazy-height:700px] tablet:[--lazy-height:490px] desktop:[--lazy-height:310px] py-12 desktop:py-16"
    >
      <div className={container}>
        <div className="glass relative isolate overflow-hidden rounded-[2rem] p-7 tablet:p-10">
          <div
            aria-hidden="true"
            className="absolute -right-20 -top-24 -z-10 h-72 w-72 rounded-full bg-glow-400/15 glow-blur dark:bg-glow-400/20"
          />
          <h2 id="formats-title" className="text-balance text-2xl font-bold tracking-tight text-ink tablet:text-3xl">
            Ready for every screen, straight out of the app
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-3 tablet:grid-cols-3 tablet:gap-4 desktop:grid-cols-5">
            {FORMATS.map((format) => (
              <li key={format.ratio} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
                <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-start content-center">
                  <span className={`${format.box} rounded-[5px] border-2 border-accent bg-brand-500/15`} />
                </span>
                <span className="leading-snug">
                  <span className="block font-semibold text-ink">{`${format.ratio} ${format.name}`}</span>
                  <span className="block text-sm text-muted">{format.use}</span>
                </span>
              </li>
            ))}
            <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
              <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-start content-center">
                <span className="rounded-md bg-ink px-1.5 py-0.5 text-xs font-bold text-canvas">CC</span>
              </span>
              <span className="leading-snug">
                <span className="block font-semibold text-ink">Captions</span>
                <span className="block text-sm text-muted">Generated from your script</span>
              </span>
            </li>
            <li className="col-span-2 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 tablet:col-span-1">
              <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-start content-center">
                <span className="rounded-md border-2 border-accent px-1 text-xs font-extrabold text-accent">HD</span>
              </span>
              <span className="leading-snug">
                <span className="block font-semibold text-ink">HD export</span>
                <span className="block text-sm text-muted">
                  {`${PLAN_LIMITS.free.maxResolution} free, ${PLAN_LIMITS.paid.maxResolution} on Premium`}
                </span>
              </span>
            </li>
          </ul>
        </div>
      </div>
    </section>
  )
}

function PricingTeaser() {
  return (
    <section
      aria-labelledby="pricing-title"
      className="render-lazy [--lazy-height:870px] tablet:[--lazy-height:640px] desktop:[--lazy-height:410px] py-16 desktop:py-24"
    >
      <div className={`${container} grid items-center gap-10 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]`}>
        <div>
          <p className="eyebrow">Pricing</p>
          <h2
            id="pricing-title"
            className="text-balance mt-4 text-3xl font-bold tracking-tight text-ink tablet:text-5xl"
          >
            Start free. Upgrade when your ideas outgrow it.
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            {`The Free plan renders ${PLAN_LIMITS.free.rendersPerDay} videos a day at ${PLAN_LIMITS.free.maxResolution}, with every style, voice and track. Premium renders up to ${PLAN_LIMITS.paid.rendersPerDay} a day at ${PLAN_LIMITS.paid.maxResolution} and is billed weekly, monthly or yearly through the App Store or Google Play, so you manage it in the account you already use.`}
          </p>
          <Link to={href('/pricing')} className="btn-primary mt-8">
            See plans and pricing
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <div className="relative isolate overflow-hidden rounded-[2rem] border border-line bg-gradient-to-br from-brand-500/15 via-surface to-flare-400/10 p-8 tablet:p-10 dark:from-brand-700/35 dark:to-flare-500/15">
          <div
            aria-hidden="true"
            className="absolute -right-12 -top-12 -z-10 h-48 w-48 rounded-full bg-flare-400/25 glow-blur"
          />
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">Special offer</p>
          <h3 className="mt-3 text-2xl font-bold text-ink tablet:text-3xl">Free Week of Premium</h3>
          <p className="mt-3 leading-relaxed text-muted">
            Try Premium’s limits for a full week without paying a thing. You redeem it as an offer code in the App Store
            or Google Play, and the details are on the pricing page.
          </p>
          <Link
            to={href('/pricing')}
            className="mt-6 inline-flex items-center gap-1.5 rounded-full font-semibold text-accent hover:underline"
          >
            How to claim your Free Week
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  )
}

function Testimonials() {
  const testimonials = getHomeTestimonials()
  return (
    <section
      aria-labelledby="stories-title"
      className="render-lazy [--lazy-height:1570px] tablet:[--lazy-height:1160px] desktop:[--lazy-height:660px] border-y border-line/70 bg-surface/60 py-20"
    >
      <div className={container}>
        <div className="flex flex-col items-start justify-between gap-6 desktop:flex-row desktop:items-end">
          <div className="max-w-2xl">
            <h2 id="stories-title" className="text-balance text-3xl font-bold tracking-tight text-ink tablet:text-4xl">
              {`What a week with ${BRAND.name} can look like`}
            </h2>
            <IllustrativeNote className="mt-4" />
          </div>
          <Link to={href('/testimonials')} className="btn-secondary shrink-0">
            More examples
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <ul className="mt-10 grid gap-5 desktop:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} index={index} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Faq({ faqs }: { faqs: readonly FaqItem[] }) {
  return (
    <section
      aria-labelledby="faq-title"
      className="render-lazy [--lazy-height:1080px] tablet:[--lazy-height:925px] desktop:[--lazy-height:720px] py-20 desktop:py-28"
    >
      <div className={`${container} grid gap-12 desktop:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)]`}>
        <div>
          <p className="eyebrow">FAQ</p>
          <h2 id="faq-title" className="text-balance mt-4 text-3xl font-bold tracking-tight text-ink tablet:text-5xl">
            Questions, answered
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            Still curious? Write to us at{' '}
            <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-accent underline underline-offset-4">
              {BRAND.supportEmail}
            </a>{' '}
            and we will get back to you.
          </p>
        </div>
        <FaqList items={faqs} />
      </div>
    </section>
  )
}

function FinalCta() {
  return (
    <section
      aria-labelledby="cta-title"
      className="render-lazy [--lazy-height:590px] tablet:[--lazy-height:490px] desktop:[--lazy-height:520px] pb-20 desktop:pb-28"
    >
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-[2.5rem] border border-line bg-surface px-6 py-16 text-center tablet:px-12 desktop:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,rgb(139_92_246/0.20),transparent_70%),radial-gradient(40%_60%_at_90%_100%,rgb(34_211_238/0.12),transparent_70%)] dark:bg-[radial-gradient(60%_80%_at_50%_0%,rgb(124_58_237/0.40),transparent_70%),radial-gradient(40%_60%_at_90%_100%,rgb(34_211_238/0.18),transparent_70%)]"
          />
          <h2
            id="cta-title"
            className="text-balance mx-auto max-w-3xl text-3xl font-bold tracking-tight text-ink tablet:text-5xl"
          >
            Your next video is <span className="text-gradient">one idea away</span>
          </h2>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted">
            Type what you want to say and watch it turn into a video with visuals, voice, music and captions, in your
            browser or in the app. The Free plan is waiting.
          </p>
          <StoreBadges browser className="mt-9 justify-center" />
        </div>
      </div>
    </section>
  )
}

const CAPABILITIES = [
  {
    id: 'text-to-video',
    title: 'Text to video',
    more: 'See how text to video works',
    body: 'A prompt or a script becomes a storyboard of scenes with generated visuals, then a finished video you can refine scene by scene.',
    Icon: SparkIcon,
  },
  {
    id: 'anime-video',
    title: 'Anime video',
    more: 'Explore the anime style',
    body: 'Give any story the look of an animated series. Pick the anime style and every scene is drawn to match it.',
    Icon: FilmIcon,
  },
  {
    id: 'your-media',
    title: 'Your photos and clips',
    more: 'See how your own media works',
    body: 'Put your own photos and video clips in any scene, and your own track under it. Photos are cropped around what matters and gently moved; clips are trimmed to the scene.',
    Icon: PhotoIcon,
  },
  {
    id: 'music-library',
    title: 'A library of original music',
    more: 'Explore the music library',
    body: 'Tracks composed for StoryReel, sorted by mood and genre, licensed for your videos and mixed under the voice so every word lands.',
    Icon: MusicNoteIcon,
  },
  {
    id: 'ai-voiceovers',
    title: 'AI voiceovers',
    more: 'Hear every voice',
    body: 'Built-in voices in several languages read your script at the pace you set, no microphone needed. Press play to hear three of them:',
    Icon: MicIcon,
  },
] as const

const HOME_VOICES = ['en-us-flite-rms', 'en-us-flite-slt', 'es-es-lucia'] as const

function Capabilities() {
  return (
    <section
      aria-labelledby="capabilities-title"
      className="render-lazy [--lazy-height:2465px] tablet:[--lazy-height:2015px] desktop:[--lazy-height:1235px] relative isolate pb-20 pt-4 desktop:pb-28 desktop:pt-8"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-1/3 -z-10 mx-auto h-96 max-w-4xl rounded-full bg-brand-500/10 glow-blur dark:bg-brand-600/20"
      />
      <div className={container}>
        <SectionHeading
          id="capabilities-title"
          eyebrow="What you get"
          title={
            <>
              Everything a video needs, <span className="text-gradient">in one studio</span>
            </>
          }
        >
          Visuals, voice, music and captions usually mean four tools and an afternoon. Here they come together from a
          single piece of text, with your own photos, clips and music wherever you want them.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 desktop:grid-cols-3">
          {CAPABILITIES.map(({ id, title, more, body, Icon }) => (
            <li
              key={id}
              className={`glass group flex flex-col rounded-3xl p-6 tablet:p-8 ${id === 'ai-voiceovers' ? 'desktop:col-span-2' : ''}`}
            >
              <span
                aria-hidden="true"
                className="grid h-12 w-12 place-items-center rounded-2xl bg-gradient-to-br from-brand-600 to-flare-500 text-white"
              >
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-6 text-xl font-semibold text-ink tablet:text-2xl">{title}</h3>
              <p className="mt-3 leading-relaxed text-muted">{body}</p>
              {id === 'ai-voiceovers' ? (
                <div className="mt-5">
                  <VoiceSamples voices={getVoiceSamples(HOME_VOICES)} />
                </div>
              ) : null}
              <Link
                to={`${href('/features')}#${id}`}
                className="mt-5 inline-flex items-center gap-1.5 self-start rounded-full text-sm font-semibold text-accent hover:underline"
              >
                {more}
                <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
