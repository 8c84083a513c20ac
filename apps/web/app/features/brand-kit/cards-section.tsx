import {
  CARD_TEXT_MAX,
  CLOSING_CARD_SECONDS,
  OPENING_CARD_SECONDS,
  type BrandKit,
} from '@storyreel/contracts/brand-kit'

import { FormField } from '#app/components/ui/form-field.tsx'
import { RangeField } from '#app/components/ui/range-field.tsx'
import { SwitchRow } from '#app/components/ui/switch-row.tsx'

import { FIELD_IDS, type FieldErrors } from './brand-kit-draft.ts'

type OpeningCard = BrandKit['opening_card']
type ClosingCard = BrandKit['closing_card']

const formatSeconds = (seconds: number) => `${seconds.toLocaleString('en', { maximumFractionDigits: 1 })} s`

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={`tabular-nums ${length > max * 0.9 ? 'text-amber-700 dark:text-amber-300' : ''}`}>
      {length} / {max} characters
    </span>
  )
}

/**
 * The opening and the closing card, each on or off, with their words, how long they show and (for the closing
 * one) whether the voice reads it. Focus inside a card shows that card in the preview.
 */
export function CardsSection({
  opening,
  closing,
  errors,
  onOpeningChange,
  onClosingChange,
  onFocusCard,
}: {
  opening: OpeningCard
  closing: ClosingCard
  errors: FieldErrors
  onOpeningChange: (changes: Partial<OpeningCard>) => void
  onClosingChange: (changes: Partial<ClosingCard>) => void
  onFocusCard: (card: 'opening' | 'closing') => void
}) {
  return (
    <section aria-labelledby="brand-cards-title" className="glass rounded-3xl p-5 tablet:p-7">
      <h2 id="brand-cards-title" className="text-lg font-bold text-ink">
        Cards
      </h2>
      <p className="mt-1 text-sm text-muted">
        A card in your primary colour at the start or the end of every video, with your logo on it.
      </p>

      <fieldset className="mt-5 min-w-0" onFocus={() => onFocusCard('opening')}>
        <legend className="text-sm font-semibold text-ink">Opening card</legend>
        <SwitchRow
          className="mt-3"
          label="Start each video with it"
          description="Your logo and a headline."
          checked={opening.enabled}
          onChange={(enabled) => onOpeningChange({ enabled })}
        />
        {opening.enabled ? (
          <div className="mt-4 space-y-5 border-l-2 border-line pl-4">
            <FormField
              id={FIELD_IDS.headline}
              label="Headline"
              placeholder="Rosa’s Flowers"
              maxLength={CARD_TEXT_MAX.headline}
              value={opening.headline}
              error={errors.headline}
              hint={<Counter length={opening.headline.length} max={CARD_TEXT_MAX.headline} />}
              onChange={(event) => onOpeningChange({ headline: event.target.value })}
            />
            <RangeField
              label="Opening card length"
              min={OPENING_CARD_SECONDS.min}
              max={OPENING_CARD_SECONDS.max}
              step={0.5}
              value={opening.seconds}
              display={formatSeconds(opening.seconds)}
              marks={[formatSeconds(OPENING_CARD_SECONDS.min), formatSeconds(OPENING_CARD_SECONDS.max)]}
              onChange={(seconds) => onOpeningChange({ seconds })}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="mt-7 min-w-0" onFocus={() => onFocusCard('closing')}>
        <legend className="text-sm font-semibold text-ink">Closing card</legend>
        <SwitchRow
          className="mt-3"
          label="End each video with it"
          description="Your logo, what to do next, and where to find you."
          checked={closing.enabled}
          onChange={(enabled) => onClosingChange({ enabled })}
        />
        {closing.enabled ? (
          <div className="mt-4 space-y-5 border-l-2 border-line pl-4">
            <FormField
              id={FIELD_IDS.call_to_action}
              label="Call to action"
              placeholder="Book a table for Saturday"
              maxLength={CARD_TEXT_MAX.callToAction}
              value={closing.call_to_action}
              error={errors.call_to_action}
              hint={<Counter length={closing.call_to_action.length} max={CARD_TEXT_MAX.callToAction} />}
              onChange={(event) => onClosingChange({ call_to_action: event.target.value })}
            />
            <FormField
              id={FIELD_IDS.contact}
              label="Web address or phone number"
              placeholder="rosasflowers.com"
              maxLength={CARD_TEXT_MAX.contact}
              value={closing.contact}
              error={errors.contact}
              hint={<Counter length={closing.contact.length} max={CARD_TEXT_MAX.contact} />}
              onChange={(event) => onClosingChange({ contact: event.target.value })}
            />
            <RangeField
              label="Closing card length"
              min={CLOSING_CARD_SECONDS.min}
              max={CLOSING_CARD_SECONDS.max}
              step={0.5}
              value={closing.seconds}
              display={formatSeconds(closing.seconds)}
              marks={[formatSeconds(CLOSING_CARD_SECONDS.min), formatSeconds(CLOSING_CARD_SECONDS.max)]}
              onChange={(seconds) => onClosingChange({ seconds })}
            />
            <SwitchRow
              label="Read the closing card aloud"
              description="The voice reads your call to action and the address or number. The card stays up until it has been read, so it may last longer than the length above."
              checked={closing.voiced}
              onChange={(voiced) => onClosingChange({ voiced })}
            />
          </div>
        ) : null}
      </fieldset>
    </section>
  )
}
