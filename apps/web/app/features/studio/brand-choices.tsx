import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import { CAPTION_STYLE_LABELS, type ProjectBrand, type ProjectSettings } from '@storyreel/contracts/studio'

import { SwitchRow } from '#app/components/ui/switch-row.tsx'
import { brandKitApi, brandKitQueryKey, planQueryKey } from '#app/features/brand-kit/brand-kit-api.ts'

import { Section } from './choice-list.tsx'

/** A project made before brand kits uses none of it until a part is switched on. */
const NO_BRAND: ProjectBrand = { logo: false, colours: false, font: false, opening_card: false, closing_card: false }

type Part = { key: keyof ProjectBrand; label: string; description: string; disabled?: boolean }

/**
 * How long the brand's opening and closing cards make this project's video: the cards the kit has on and the
 * project uses (0 while the kit is loading or could not be read; the API checks the length again).
 */
export function useBrandCardSeconds(brand: ProjectBrand | undefined): number {
  const kit = useQuery({ queryKey: brandKitQueryKey, queryFn: brandKitApi.get, staleTime: 60_000, enabled: !!brand })
  if (!brand || !kit.data) return 0
  const { opening_card: opening, closing_card: closing } = kit.data
  return (
    (brand.opening_card && opening?.enabled && opening.headline ? opening.seconds : 0) +
    (brand.closing_card && closing?.enabled && closing.call_to_action ? closing.seconds : 0)
  )
}

/**
 * Where this video shows the brand's colours: the karaoke captions light the spoken word in the accent, the boxed
 * ones sit on a plate of the primary, the cards are in the primary; the other caption styles keep their own look.
 */
export function describeColourUse(captions: ProjectSettings['captions'], hasCards: boolean): string {
  if (captions.enabled && captions.style === 'karaoke')
    return `Your accent highlights the spoken word in the captions${hasCards ? '; your primary fills the cards' : ''}`
  if (captions.enabled && captions.style === 'boxed')
    return `Your primary fills the plate behind the captions${hasCards ? ' and the cards' : ''}`
  const why = captions.enabled
    ? `${CAPTION_STYLE_LABELS[captions.style]} captions keep their own colours; ${CAPTION_STYLE_LABELS.karaoke} and ${CAPTION_STYLE_LABELS.boxed} captions take yours`
    : 'this video has no captions'
  return `${hasCards ? 'On the cards only' : 'Not used yet'}: ${why}`
}

/**
 * The kit's colours, when this project uses them: its captions and cards are drawn in them (undefined while the kit
 * loads, or before one is saved).
 */
export function useBrandColours(brand: ProjectBrand | undefined): BrandKit['colours'] | undefined {
  const used = brand?.colours === true
  const kit = useQuery({ queryKey: brandKitQueryKey, queryFn: brandKitApi.get, staleTime: 60_000, enabled: used })
  return used && kit.data?.updated_at ? kit.data.colours : undefined
}

const BrandKitLink = () => (
  <Link to="/app/brand" className="font-semibold text-accent underline">
    brand kit
  </Link>
)

/**
 * Which parts of the account's brand kit this video uses: a switch for each part the kit has (the same query as
 * the brand page's, so a kit saved there shows here). The kit itself is edited on the brand page.
 */
export function BrandChoices({
  value,
  captions,
  onChange,
}: {
  value: ProjectBrand | undefined
  /** The project's captions: whether they show the brand's colours depends on their style. */
  captions: ProjectSettings['captions']
  onChange: (brand: ProjectBrand) => void
}) {
  const kit = useQuery({ queryKey: brandKitQueryKey, queryFn: brandKitApi.get, staleTime: 60_000 })
  const plan = useQuery({ queryKey: planQueryKey, queryFn: brandKitApi.getPlan, staleTime: 60_000 })
  const chosen = value ?? NO_BRAND
  const parts: Part[] = []
  if (kit.data) {
    const { logo, logo_url, font, opening_card, closing_card, updated_at } = kit.data
    if (logo && logo_url)
      parts.push({ key: 'logo', label: 'Logo', description: `In the ${logo.position.replace('-', ' ')} corner` })
    if (updated_at)
      parts.push({
        key: 'colours',
        label: 'Brand colours',
        description: describeColourUse(captions, opening_card.enabled || closing_card.enabled),
      })
    if (font) {
      const included = plan.data === undefined || PLAN_LIMITS[plan.data].brandFont
      parts.push({
        key: 'font',
        label: 'Brand font',
        description: included
          ? `${font.family}, in the captions and on the cards`
          : `${font.family} comes with Premium; until then the video uses our fonts`,
        disabled: !included,
      })
    }
    if (opening_card.enabled)
      parts.push({
        key: 'opening_card',
        label: 'Opening card',
        description: `${opening_card.seconds} s before the first scene: “${opening_card.headline}”`,
      })
    if (closing_card.enabled)
      parts.push({
        key: 'closing_card',
        label: 'Closing card',
        // A card read aloud stays up until its words are said, which may take longer than its own length.
        description: `${closing_card.seconds} s after the last scene${closing_card.voiced ? ' (longer if the voice needs it)' : ''}: “${closing_card.call_to_action}”`,
      })
  }
  return (
    <Section title="Brand kit">
      {kit.isPending ? (
        <div className="h-14 animate-pulse rounded-2xl bg-surface" aria-label="Loading your brand kit" />
      ) : kit.isError ? (
        <p className="text-sm text-muted" role="alert">
          Your brand kit could not be loaded.{' '}
          <button type="button" className="font-semibold text-accent underline" onClick={() => void kit.refetch()}>
            Try again
          </button>
        </p>
      ) : parts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-sm text-muted">
          Your logo, colours and cards on every video: set them up once in your <BrandKitLink />.
        </p>
      ) : (
        <div className="space-y-2">
          {parts.map((part) => (
            <SwitchRow
              key={part.key}
              label={part.label}
              description={part.description}
              checked={chosen[part.key] && !part.disabled}
              disabled={part.disabled}
              onChange={(on) => onChange({ ...chosen, [part.key]: on })}
            />
          ))}
          <p className="pt-1 text-xs text-muted">
            The cards count toward the video’s length. Change the kit itself in your <BrandKitLink />; every video that
            uses it follows.
          </p>
        </div>
      )}
    </Section>
  )
}
