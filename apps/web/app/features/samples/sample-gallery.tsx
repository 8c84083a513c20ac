import type { CSSProperties } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { SampleVideoCard } from './sample-video.tsx'
import type { SampleVideo } from './videos.ts'
import { VOICE_ENGINE_LABEL } from './voice-library.ts'

const ratioOf = (video: SampleVideo) => video.width / video.height

/**
 * Splits the samples into rows of about equal width-to-height sums, so that on desktop every row, its
 * pictures at one height, fills the width: the about card takes what the shorter row lacks.
 */
export function planGalleryRows(videos: readonly SampleVideo[]): { rows: SampleVideo[][]; aboutRatio: number } {
  const total = videos.reduce((sum, video) => sum + ratioOf(video), 0)
  const first: SampleVideo[] = []
  let firstSum = 0
  for (const video of videos) {
    if (first.length > 0 && firstSum + ratioOf(video) / 2 > total / 2 + 0.5) break
    first.push(video)
    firstSum += ratioOf(video)
  }
  const second = videos.slice(first.length)
  const secondSum = second.reduce((sum, video) => sum + ratioOf(video), 0)
  if (second.length === 0) return { rows: [first], aboutRatio: 1 }
  return { rows: [first, second], aboutRatio: Math.max(0.9, firstSum - secondSum) }
}

/**
 * Rendered samples of several styles and formats, with a card on how they were made. On phones a two-column
 * grid (vertical videos side by side, the others across); on desktop justified rows: each item grows with its
 * aspect ratio, so a row's pictures share one height (the row wrappers are `display: contents` below that).
 */
export function SampleGallery({ videos, headingLevel = 3 }: { videos: readonly SampleVideo[]; headingLevel?: 2 | 3 }) {
  const { rows, aboutRatio } = planGalleryRows(videos)
  const AboutHeading = headingLevel === 2 ? 'h2' : 'h3'
  const verticals = videos.filter((video) => video.ratio === '9:16')
  // Two columns on phones: vertical videos pair up; an odd one out goes across, at a vertical video's width.
  const loneVertical = verticals.length % 2 === 1 ? verticals.at(-1) : undefined
  return (
    <div
      data-testid="sample-gallery"
      className="grid grid-flow-dense grid-cols-2 gap-x-4 gap-y-8 desktop:flex desktop:flex-col"
    >
      {rows.map((row, rowIndex) => (
        <div key={row[0]?.id ?? rowIndex} className="contents desktop:flex desktop:items-start desktop:gap-5">
          {row.map((video) => (
            <div
              key={video.id}
              className={
                video === loneVertical
                  ? 'col-span-2 mx-auto w-full max-w-[18rem] desktop:max-w-none'
                  : video.ratio === '9:16'
                    ? 'col-span-1'
                    : 'col-span-2'
              }
              style={{ flex: `${ratioOf(video)} 1 0%` }}
            >
              <SampleVideoCard video={video} />
            </div>
          ))}
          {rowIndex === rows.length - 1 ? (
            <div className="col-span-2" style={{ flex: `${aboutRatio} 1 0%` }}>
              <aside
                aria-labelledby="samples-how-title"
                className="glass flex flex-col justify-center rounded-2xl p-6 desktop:aspect-[var(--about-ratio)]"
                style={{ '--about-ratio': String(aboutRatio) } as CSSProperties}
              >
                <AboutHeading id="samples-how-title" className="text-lg font-semibold text-ink">
                  How these were made
                </AboutHeading>
                <ul className="mt-3 space-y-2 text-sm leading-relaxed text-muted">
                  <li>{`Each one is a storyboard we wrote, rendered by ${BRAND.name}’s own engine, untouched.`}</li>
                  <li>
                    {`The default engines did the work: the built-in illustrator drew the scenes, an offline ${VOICE_ENGINE_LABEL} voice read the narration, and the music is from our library.`}
                  </li>
                  {videos.some((video) => video.credits) ? (
                    <li>Where a sample shows photos instead of drawings, they are credited beneath it.</li>
                  ) : null}
                  <li>Captions come from the script. Rendered at 720p, shown here at 540p to keep the page light.</li>
                </ul>
              </aside>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  )
}
