import type { CSSProperties, ReactNode } from 'react'

import type { BrandKit, BrandLogo } from '@storyreel/contracts/brand-kit'

import {
  CAPTION_BOTTOM,
  getLogoStyle,
  getSafeMargins,
  getShapeSize,
  getUnitOfWidth,
  PREVIEW_SHAPES,
  type PreviewShape,
} from './preview-layout.ts'
import { SegmentedControl } from './segmented-control.tsx'

export type PreviewView = 'video' | 'opening' | 'closing'

const VIEWS: ReadonlyArray<{ value: PreviewView; label: string }> = [
  { value: 'video', label: 'Video' },
  { value: 'opening', label: 'Opening' },
  { value: 'closing', label: 'Closing' },
]
const SHAPES = PREVIEW_SHAPES.map((shape) => ({ value: shape, label: shape }))

const POSITION_WORDS: Record<BrandLogo['position'], string> = {
  'top-left': 'top left',
  'top-right': 'top right',
  'bottom-left': 'bottom left',
  'bottom-right': 'bottom right',
}

/** The sample caption, with the word being spoken. */
const CAPTION_WORDS = ['Fresh', 'flowers', 'every', 'morning']
const SPOKEN_WORD = 2

/** Sizes in the frame are in units, a hundredth of its shorter side, as the renderer measures them. */
const units = (count: number) => `calc(var(--unit) * ${count})`

/**
 * A frame of a video drawn with HTML and CSS, with the kit as it is being edited: the logo in its corner of the
 * safe area over a scene with a caption, or one of the two cards. It is one picture to assistive technology,
 * described in words; the controls above it choose what it shows.
 */
export function BrandPreview({
  shape,
  view,
  onShapeChange,
  onViewChange,
  colours,
  logo,
  logoUrl,
  openingCard,
  closingCard,
  fontFamily,
}: {
  shape: PreviewShape
  view: PreviewView
  onShapeChange: (shape: PreviewShape) => void
  onViewChange: (view: PreviewView) => void
  colours: { primary: string; accent: string }
  logo: BrandLogo | null
  logoUrl: string | null
  openingCard: BrandKit['opening_card']
  closingCard: BrandKit['closing_card']
  fontFamily: string | undefined
}) {
  const { width, height } = getShapeSize(shape)
  const frameStyle = {
    '--unit': `${getUnitOfWidth(shape) * 100}cqw`,
    aspectRatio: `${width} / ${height}`,
    width: `min(100%, calc(var(--frame-max-height) * ${width / height}))`,
  } as CSSProperties
  const shownLogo = logo && logoUrl ? { ...logo, url: logoUrl } : undefined
  const card = view === 'opening' ? openingCard : view === 'closing' ? closingCard : undefined

  return (
    <section aria-labelledby="brand-preview-title" className="glass rounded-3xl p-4 tablet:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id="brand-preview-title" className="text-lg font-bold text-ink">
          Preview
        </h2>
        <SegmentedControl
          label="Frame shape"
          name="preview-shape"
          options={SHAPES}
          value={shape}
          onChange={onShapeChange}
        />
      </div>
      <SegmentedControl
        label="Show"
        name="preview-view"
        options={VIEWS}
        value={view}
        onChange={onViewChange}
        className="mt-3 flex w-full [&>label]:flex-1"
      />
      <div className="mt-4 [--frame-max-height:min(48dvh,26rem)] desktop:[--frame-max-height:min(58dvh,34rem)]">
        <div
          role="img"
          aria-label={describePreview({ shape, view, colours, logo: shownLogo, openingCard, closingCard })}
          data-testid="brand-preview"
          className="relative mx-auto overflow-hidden rounded-2xl bg-black shadow-lg shadow-black/20 [container-type:inline-size]"
          style={frameStyle}
        >
          {view === 'video' ? (
            <SceneFrame shape={shape} accent={colours.accent} logo={shownLogo} />
          ) : view === 'opening' ? (
            <CardFrame primary={colours.primary} logoUrl={shownLogo?.url}>
              <span
                className={`block font-extrabold leading-tight ${openingCard.headline.trim() ? 'text-white' : 'text-white/60 italic'}`}
                style={{ fontSize: units(8) }}
              >
                {openingCard.headline.trim() || 'Your headline'}
              </span>
              {/* The short bar in the accent colour the video's opening card draws under its headline. */}
              <span
                className="mx-auto block rounded-full"
                style={{ background: colours.accent, width: units(12), height: units(1.1), marginTop: units(5) }}
              />
            </CardFrame>
          ) : (
            <CardFrame primary={colours.primary} logoUrl={shownLogo?.url}>
              <span
                className={`block font-extrabold leading-tight ${closingCard.call_to_action.trim() ? 'text-white' : 'text-white/60 italic'}`}
                style={{ fontSize: units(7) }}
              >
                {closingCard.call_to_action.trim() || 'Your call to action'}
              </span>
              {closingCard.contact.trim() ? (
                // On a chip of the accent colour, as the video's closing card draws it.
                <span
                  className="inline-block max-w-full font-semibold break-words text-white"
                  style={{
                    fontSize: units(4.6),
                    background: colours.accent,
                    borderRadius: units(4),
                    padding: `${units(1.6)} ${units(3)}`,
                    marginTop: units(5),
                  }}
                >
                  {closingCard.contact.trim()}
                </span>
              ) : null}
            </CardFrame>
          )}
        </div>
      </div>
      <p className="mt-3 text-center text-xs text-muted" aria-live="polite">
        {card
          ? card.enabled
            ? view === 'opening'
              ? `Opens each video for ${card.seconds} s.`
              : `Closes each video for ${closingCard.voiced ? `at least ${card.seconds} s, until the voice has read it` : `${card.seconds} s`}.`
            : `The ${view} card is off: turn it on under Cards to use it.`
          : shownLogo
            ? 'The dashed line is the safe area: apps draw their buttons outside it.'
            : 'Add a logo to see it here. The dashed line is the safe area.'}
        {fontFamily ? ` Shown in our standard font; your videos use ${fontFamily}.` : ''}
      </p>
    </section>
  )
}

function SceneFrame({
  shape,
  accent,
  logo,
}: {
  shape: PreviewShape
  accent: string
  logo: (BrandLogo & { url: string }) | undefined
}) {
  const margins = getSafeMargins(shape)
  return (
    <>
      {/* A sunny street scene in gradients: varied enough that a logo's transparency shows. */}
      <span
        aria-hidden="true"
        className="absolute inset-0"
        style={{
          background: [
            'radial-gradient(circle at 72% 24%, #fff7d6 0 7%, rgb(255 240 190 / 0.55) 11%, transparent 24%)',
            'radial-gradient(120% 60% at 20% 108%, #2f5d50 0 45%, transparent 46%)',
            'radial-gradient(90% 50% at 95% 112%, #3f7a5f 0 48%, transparent 49%)',
            'linear-gradient(180deg, #8ec5fc 0%, #f6c6a8 52%, #e98f6f 70%, #6b4f7a 100%)',
          ].join(', '),
        }}
      />
      <span
        aria-hidden="true"
        className="absolute border border-dashed border-white/70"
        style={{
          left: `${margins.left * 100}%`,
          top: `${margins.top * 100}%`,
          right: `${margins.right * 100}%`,
          bottom: `${margins.bottom * 100}%`,
          borderRadius: units(1.5),
        }}
      />
      {logo ? (
        <img
          src={logo.url}
          alt=""
          data-testid="brand-preview-logo"
          className="absolute"
          style={getLogoStyle(shape, logo, { captions: true })}
        />
      ) : null}
      <span
        aria-hidden="true"
        className="absolute inset-x-0 flex flex-wrap justify-center text-center leading-tight font-black text-white"
        style={{
          bottom: `${(1 - CAPTION_BOTTOM) * 100}%`,
          padding: `0 8%`,
          fontSize: units(5.8),
          columnGap: '0.3em',
          rowGap: '0.1em',
          textShadow: '0 0 0.12em rgb(0 0 0 / 0.9), 0 0.05em 0.1em rgb(0 0 0 / 0.8)',
        }}
      >
        {CAPTION_WORDS.map((word, index) => (
          <span
            key={word}
            className={index > SPOKEN_WORD ? 'text-white/75' : undefined}
            style={
              index === SPOKEN_WORD
                ? {
                    background: accent,
                    borderRadius: units(1.2),
                    padding: `0 ${units(0.9)}`,
                    margin: `0 calc(${units(0.9)} * -1)`,
                  }
                : undefined
            }
          >
            {word}
          </span>
        ))}
      </span>
    </>
  )
}

function CardFrame({
  primary,
  logoUrl,
  children,
}: {
  primary: string
  logoUrl: string | undefined
  children: ReactNode
}) {
  return (
    <span
      aria-hidden="true"
      className="absolute inset-0 flex flex-col items-center justify-center text-center"
      style={{ background: primary, padding: '8%' }}
    >
      {logoUrl ? (
        <img
          src={logoUrl}
          alt=""
          className="object-contain"
          style={{ width: units(30), height: units(22), marginBottom: units(5) }}
        />
      ) : null}
      <span className="block max-w-full">{children}</span>
    </span>
  )
}

/** The preview in words, for a screen reader: what the frame shows and in which colours. */
export function describePreview({
  shape,
  view,
  colours,
  logo,
  openingCard,
  closingCard,
}: {
  shape: PreviewShape
  view: PreviewView
  colours: { primary: string; accent: string }
  logo: BrandLogo | undefined
  openingCard: BrandKit['opening_card']
  closingCard: BrandKit['closing_card']
}): string {
  const logoWords = logo
    ? `your logo in the ${POSITION_WORDS[logo.position]} corner, ${Math.round(logo.size * 100)} % of the shorter side wide, ${Math.round(logo.opacity * 100)} % opaque`
    : 'no logo'
  if (view === 'video')
    return `Preview of a ${shape} video frame: ${logoWords}, and a caption whose spoken word is highlighted in ${colours.accent}.`
  if (view === 'opening')
    return `Preview of the opening card on ${colours.primary}: ${logo ? 'your logo and ' : ''}the headline “${openingCard.headline.trim() || 'not written yet'}”.`
  return `Preview of the closing card on ${colours.primary}: ${logo ? 'your logo, ' : ''}“${closingCard.call_to_action.trim() || 'no call to action yet'}”${closingCard.contact.trim() ? ` and ${closingCard.contact.trim()}` : ''}.`
}
