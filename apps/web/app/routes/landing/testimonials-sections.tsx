import { href, Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { StoreBadges } from '#app/components/store-badges.tsx'
import { ArrowRightIcon } from '#app/components/ui/chrome-icons.tsx'
import { IllustrativeNote } from '#app/features/testimonials/illustrative-note.tsx'
import { TestimonialCard } from '#app/features/testimonials/testimonial-card.tsx'
import { TESTIMONIALS } from '#app/features/testimonials/testimonials.ts'

/**
 * The testimonials page's content. Static once prerendered, so the page keeps it as a static island; this module
 * loads only when the page is rendered in the browser after a client-side navigation.
 */
export function TestimonialsContent() {
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[34rem] bg-[radial-gradient(50%_60%_at_50%_0%,rgb(124_58_237/0.22),transparent),radial-gradient(30%_40%_at_15%_20%,rgb(236_72_153/0.12),transparent),radial-gradient(30%_40%_at_88%_25%,rgb(34_211_238/0.10),transparent)]"
      />
      <header className="mx-auto max-w-3xl px-5 pb-14 pt-16 text-center tablet:px-8 tablet:pt-24">
        <p className="eyebrow">Testimonials</p>
        <h1 className="text-balance mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-ink tablet:text-6xl">
          Less editing. <span className="text-gradient">More videos that work.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted">
          How creators, marketers and small-business owners can put {BRAND.name} to work: describing scenes, choosing a
          voice and picking a track instead of wrestling timelines.
        </p>
        <IllustrativeNote className="mx-auto mt-8 max-w-2xl text-left" />
      </header>

      <section aria-labelledby="stories-title" className="mx-auto max-w-7xl px-5 pb-20 tablet:px-8">
        <h2 id="stories-title" className="sr-only">
          Illustrative examples
        </h2>
        <ul className="columns-1 gap-6 tablet:columns-2 desktop:columns-3">
          {TESTIMONIALS.map((testimonial, index) => (
            <li key={testimonial.name} className="mb-6 break-inside-avoid">
              <TestimonialCard testimonial={testimonial} index={index} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-cta-title" className="mx-auto max-w-7xl px-5 pb-24 tablet:px-8">
        <div className="relative overflow-hidden rounded-[2rem] border border-line bg-surface px-6 py-12 text-center tablet:px-12 tablet:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(55%_80%_at_50%_0%,rgb(124_58_237/0.26),transparent),radial-gradient(40%_60%_at_100%_100%,rgb(236_72_153/0.16),transparent),radial-gradient(40%_60%_at_0%_100%,rgb(34_211_238/0.12),transparent)]"
          />
          <div className="relative mx-auto max-w-2xl">
            <h2
              id="testimonials-cta-title"
              className="text-balance text-3xl font-extrabold tracking-tight text-ink tablet:text-5xl"
            >
              Your first video is one idea away
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-muted">
              Type a prompt or paste a script, pick a voice and a track, and watch it become a finished video. Free to
              start in your browser, on iPhone, iPad and Android.
            </p>
            <div className="mt-9 flex flex-col items-center gap-5">
              <StoreBadges browser className="justify-center" />
              <Link to={href('/pricing')} className="btn-secondary">
                Compare plans and the Free Week
                <ArrowRightIcon className="h-4 w-4" />
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  )
}
