import { StarIcon } from '#app/components/ui/site-icons.tsx'

import { getInitials, MAX_RATING, type Testimonial } from './testimonials.ts'

/** Dark enough stops that white initials stay above 4.5:1 everywhere on the circle. */
const AVATAR_GRADIENTS = [
  'from-violet-700 to-fuchsia-700',
  'from-cyan-700 to-indigo-700',
  'from-pink-700 to-violet-700',
  'from-teal-700 to-sky-700',
  'from-fuchsia-700 to-rose-700',
  'from-indigo-700 to-cyan-700',
] as const

export function TestimonialCard({ testimonial, index }: { testimonial: Testimonial; index: number }) {
  const gradient = AVATAR_GRADIENTS[index % AVATAR_GRADIENTS.length]
  return (
    <figure
      className={`relative rounded-3xl p-6 tablet:p-7 ${
        testimonial.isFeatured
          ? 'border border-brand-500/40 bg-[linear-gradient(160deg,rgb(124_58_237/0.16),transparent_55%),linear-gradient(var(--surface),var(--surface))] shadow-xl shadow-brand-700/10'
          : 'glass'
      }`}
    >
      <QuoteMark className="absolute right-6 top-6 h-8 w-8 text-brand-500/25" />
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={testimonial.rating} />
        <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold text-muted">
          {testimonial.feature}
        </span>
      </div>
      <blockquote
        className={`mt-5 leading-relaxed text-ink ${testimonial.isFeatured ? 'text-lg font-medium tablet:text-xl' : 'text-[1.02rem]'}`}
      >
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3.5">
        <span
          aria-hidden="true"
          className={`grid h-11 w-11 shrink-0 place-items-center rounded-full bg-gradient-to-br ${gradient} text-sm font-bold tracking-wide text-white shadow-md shadow-black/20`}
        >
          {getInitials(testimonial.name)}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-sm text-muted">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  )
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">{`Rated ${rating} out of ${MAX_RATING}`}</span>
      {Array.from({ length: MAX_RATING }, (_, star) => (
        <StarIcon
          key={star}
          className={`h-4 w-4 ${star < rating ? 'text-amber-600 dark:text-amber-400' : 'text-subtle/45'}`}
        />
      ))}
    </p>
  )
}

function QuoteMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M6 26c-1.7 0-3-1.3-3-3v-6.5C3 10.7 6.4 6.6 12 5l1.2 2.6C9.9 9 8.4 11.1 8.2 14H12c1.7 0 3 1.3 3 3v6c0 1.7-1.3 3-3 3H6Zm15 0c-1.7 0-3-1.3-3-3v-6.5c0-5.8 3.4-9.9 9-11.5l1.2 2.6c-3.3 1.4-4.8 3.5-5 6.4H27c1.7 0 3 1.3 3 3v6c0 1.7-1.3 3-3 3h-6Z" />
    </svg>
  )
}
