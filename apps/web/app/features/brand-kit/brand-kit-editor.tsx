import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useBlocker } from 'react-router'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import type { Plan } from '@storyreel/contracts/plans'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon, CheckIcon } from '#app/components/ui/icons.tsx'

import { brandKitApi, brandKitQueryKey, planQueryKey } from './brand-kit-api.ts'
import {
  FIELD_IDS,
  getDraftKey,
  getSaveErrors,
  getShownColours,
  toDraft,
  toInput,
  validateDraft,
  type BrandKitDraft,
  type FieldErrors,
  type FieldName,
} from './brand-kit-draft.ts'
import { BrandPreview, type PreviewView } from './brand-preview.tsx'
import { CardsSection } from './cards-section.tsx'
import { ColourSection } from './colour-section.tsx'
import { FontSection } from './font-section.tsx'
import { LogoSection } from './logo-section.tsx'
import type { PreviewShape } from './preview-layout.ts'

/** The order the page's fields come in: a refused save takes focus to the first one in error. */
const FIELD_ORDER: FieldName[] = ['logo', 'primary', 'accent', 'headline', 'call_to_action', 'contact']

/** The brand page's body: the kit loaded (a skeleton until then, a way to try again if it fails), then edited. */
export function BrandKitScreen() {
  const kit = useQuery({ queryKey: brandKitQueryKey, queryFn: brandKitApi.get })
  const plan = useQuery({ queryKey: planQueryKey, queryFn: brandKitApi.getPlan })
  if (kit.isPending)
    return (
      <div
        className="mt-8 grid gap-6 desktop:grid-cols-[minmax(0,1fr)_24rem]"
        aria-busy="true"
        aria-label="Loading your brand kit"
        role="status"
      >
        <div className="space-y-6">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-56 animate-pulse rounded-3xl bg-raised" />
          ))}
        </div>
        <div className="order-first h-[28rem] animate-pulse rounded-3xl bg-raised desktop:order-none" />
      </div>
    )
  if (kit.isError)
    return (
      <div role="alert" className="glass mt-8 rounded-3xl p-8 text-center">
        <p className="font-semibold text-ink">Your brand kit could not be loaded.</p>
        <p className="mt-1 text-sm text-muted">Check your connection, then try again.</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void kit.refetch()}>
          Try again
        </button>
      </div>
    )
  return <BrandKitEditor kit={kit.data} plan={plan.data} />
}

function BrandKitEditor({ kit, plan }: { kit: BrandKit; plan: Plan | undefined }) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<BrandKitDraft>(() => toDraft(kit))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  const [savedNow, setSavedNow] = useState(false)
  const [shape, setShape] = useState<PreviewShape>('9:16')
  const [view, setView] = useState<PreviewView>('video')
  const focusField = useRef<FieldName>(undefined)

  const dirty = getDraftKey(draft) !== getDraftKey(toDraft(kit))
  const shown = getShownColours(draft, kit)

  useEffect(() => {
    const field = focusField.current
    if (!field) return
    focusField.current = undefined
    document.getElementById(FIELD_IDS[field])?.focus()
  }, [errors])

  // Leaving with unsaved changes asks first: the tab closing here, a link in the app below.
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !saving &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A session that ended goes to sign-in whatever is unsaved.
      !nextLocation.pathname.startsWith('/auth'),
  )

  const change = (changes: Partial<BrandKitDraft>, fields: FieldName[]) => {
    setDraft((current) => ({ ...current, ...changes }))
    setSavedNow(false)
    setErrors((current) => {
      if (!current.general && !fields.some((field) => current[field])) return current
      const next = { ...current }
      delete next.general
      for (const field of fields) delete next[field]
      return next
    })
  }

  const showErrors = (found: FieldErrors) => {
    focusField.current = FIELD_ORDER.find((field) => found[field])
    setErrors(found)
  }

  async function onSave() {
    if (!dirty || saving) return
    const problems = validateDraft(draft)
    if (Object.keys(problems).length > 0) return showErrors(problems)
    const sentKey = getDraftKey(draft)
    setSaving(true)
    try {
      const saved = await brandKitApi.save(toInput(draft))
      queryClient.setQueryData(brandKitQueryKey, saved)
      // The API's own copy (colours in lower case, words trimmed), unless the owner changed something meanwhile.
      setDraft((current) =>
        getDraftKey(current) === sentKey
          ? { ...toDraft(saved), logoUrl: saved.logo_url ?? current.logoUrl, logoName: current.logoName }
          : current,
      )
      setErrors({})
      setSavedNow(true)
    } catch (error) {
      showErrors(getSaveErrors(error))
    } finally {
      setSaving(false)
    }
  }

  const fieldErrors = FIELD_ORDER.some((field) => errors[field])
  const pending = dirty || saving || errors.general !== undefined || fieldErrors
  const status = saving
    ? { tone: 'busy', text: 'Saving…' }
    : errors.general
      ? { tone: 'error', text: `Not saved. ${errors.general}` }
      : fieldErrors
        ? { tone: 'error', text: 'Not saved', detail: ': see the marked fields above.' }
        : dirty
          ? { tone: 'unsaved', text: 'Unsaved changes' }
          : savedNow || kit.updated_at
            ? { tone: 'saved', text: 'Saved' }
            : { tone: 'saved', text: 'Using the defaults' }

  return (
    <div aria-busy={saving} className="mt-8 grid gap-6 desktop:grid-cols-[minmax(0,1fr)_24rem] desktop:items-start">
      <div className="min-w-0 desktop:sticky desktop:top-6 desktop:col-start-2 desktop:row-start-1">
        <BrandPreview
          shape={shape}
          view={view}
          onShapeChange={setShape}
          onViewChange={setView}
          colours={shown}
          logo={draft.logo}
          logoUrl={draft.logoUrl}
          openingCard={draft.opening_card}
          closingCard={draft.closing_card}
          fontFamily={kit.font?.family}
        />
      </div>

      <div className="min-w-0 space-y-6 desktop:col-start-1 desktop:row-start-1">
        <div onFocus={() => setView('video')}>
          <LogoSection
            logo={draft.logo}
            logoUrl={draft.logoUrl}
            logoName={draft.logoName}
            error={errors.logo}
            onChange={({ logo, url, name }) => change({ logo, logoUrl: url, logoName: name }, ['logo'])}
          />
        </div>
        <ColourSection
          colours={draft.colours}
          shown={shown}
          errors={{ primary: errors.primary, accent: errors.accent }}
          onChange={(name, value) => change({ colours: { ...draft.colours, [name]: value } }, [name])}
        />
        <FontSection
          plan={plan}
          font={kit.font}
          onSaved={(saved) =>
            queryClient.setQueryData<BrandKit>(brandKitQueryKey, (current) =>
              current ? { ...current, font: saved.font } : saved,
            )
          }
        />
        <CardsSection
          opening={draft.opening_card}
          closing={draft.closing_card}
          errors={errors}
          onFocusCard={setView}
          onOpeningChange={(changes) => change({ opening_card: { ...draft.opening_card, ...changes } }, ['headline'])}
          onClosingChange={(changes) =>
            change({ closing_card: { ...draft.closing_card, ...changes } }, ['call_to_action', 'contact'])
          }
        />
      </div>

      {/* Last on the page: while there is something to save it sticks to the bottom, as the create form's bar,
          in reach wherever the owner is, above the consent bar; saved, it rests at the end. */}
      <div
        className={`${pending ? 'sticky-submit-bar sticky bottom-[calc(0.75rem+var(--consent-bar-height,0px))] shadow-xl shadow-black/25' : ''} z-10 flex flex-wrap items-center justify-between gap-3 rounded-3xl border border-line bg-surface p-3 pl-5 desktop:col-start-1`}
      >
        <p
          role="status"
          data-testid="save-status"
          className={`flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold ${
            status.tone === 'error'
              ? 'text-rose-700 dark:text-rose-400'
              : status.tone === 'unsaved' || status.tone === 'busy'
                ? 'text-ink'
                : 'text-muted'
          }`}
        >
          {status.tone === 'error' ? (
            <AlertIcon className="h-4 w-4 shrink-0" />
          ) : status.tone === 'saved' ? (
            <CheckIcon className="h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
          ) : (
            <span
              aria-hidden="true"
              className={`h-2 w-2 shrink-0 rounded-full bg-accent ${status.tone === 'busy' ? 'animate-pulse' : ''}`}
            />
          )}
          <span className="min-w-0">
            {status.text}
            {/* The field in error has focus and says why; a phone's narrow bar keeps to the short words. */}
            {'detail' in status ? <span className="hidden tablet:inline">{status.detail}</span> : null}
          </span>
        </p>
        <div className="flex shrink-0 items-center gap-2">
          {dirty && !saving ? (
            <button
              type="button"
              className="rounded-full px-3 py-2 text-sm font-semibold text-muted hover:text-ink"
              onClick={() => {
                setDraft(toDraft(kit))
                setErrors({})
              }}
            >
              Discard
            </button>
          ) : null}
          <button
            type="button"
            className="btn-primary px-6 py-2.5"
            disabled={!dirty || saving}
            onClick={() => void onSave()}
          >
            {saving ? <Spinner /> : null}
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        tone="danger"
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset()
        }}
        onConfirm={() => blocker.proceed?.()}
      >
        <p>Your changes to the brand kit are not saved yet. Stay and press Save to keep them.</p>
      </ConfirmDialog>
    </div>
  )
}
