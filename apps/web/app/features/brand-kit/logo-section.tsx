import { useRef, useState } from 'react'

import type { Asset } from '@storyreel/contracts/assets'
import {
  LOGO_OPACITY,
  LOGO_POSITIONS,
  LOGO_SIZE,
  type BrandLogo,
  type LogoPosition,
} from '@storyreel/contracts/brand-kit'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon, ImageIcon, TrashIcon, UploadIcon } from '#app/components/ui/icons.tsx'
import { RangeField } from '#app/components/ui/range-field.tsx'
import { UploadCanceledError } from '#app/lib/upload.ts'

import { brandKitApi } from './brand-kit-api.ts'
import { FIELD_IDS } from './brand-kit-draft.ts'
import { CHECKERBOARD_CLASS } from './checkerboard.ts'
import { LogoPicker } from './logo-picker.tsx'

const POSITION_LABELS: Record<LogoPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
}

/** What the file chooser offers; the server decides by decoding the file. */
const LOGO_TYPES = ['image/png', 'image/webp']
const NOT_A_LOGO =
  'A logo must be a PNG or WebP image, so its background can stay see-through. Save your logo as one of those and upload it again.'

type Upload = { name: string; percent: number; reading: boolean }

export type LogoChoice = { logo: BrandLogo | null; url: string | null; name: string | null }

/**
 * The logo: chosen from the library or uploaded here, then placed in a corner, sized and faded. A chosen logo
 * is only the kit's once it is saved; the API refuses one that is not a PNG or WebP, and that shows here.
 */
export function LogoSection({
  logo,
  logoUrl,
  logoName,
  error,
  onChange,
}: {
  logo: BrandLogo | null
  logoUrl: string | null
  logoName: string | null
  error: string | undefined
  onChange: (choice: LogoChoice) => void
}) {
  const [pickerOpen, setPickerOpen] = useState(false)
  const [upload, setUpload] = useState<Upload>()
  const [uploadError, setUploadError] = useState<string>()
  const inputRef = useRef<HTMLInputElement>(null)

  const choose = (asset: Asset) => {
    setUploadError(undefined)
    onChange({
      logo: {
        asset_id: asset.id,
        position: logo?.position ?? 'top-right',
        size: logo?.size ?? LOGO_SIZE.default,
        opacity: logo?.opacity ?? LOGO_OPACITY.default,
      },
      url: asset.url ?? asset.thumbnail_url,
      name: asset.name,
    })
  }

  const uploadFile = (file: File) => {
    setUploadError(undefined)
    if (file.type && !LOGO_TYPES.includes(file.type)) {
      setUploadError(NOT_A_LOGO)
      return
    }
    setUpload({ name: file.name, percent: 0, reading: false })
    brandKitApi
      .uploadLogo(file, (loaded, total) =>
        setUpload({
          name: file.name,
          percent: Math.round((loaded / Math.max(1, total)) * 100),
          reading: loaded >= total,
        }),
      )
      .then(choose, (reason: unknown) => {
        if (!(reason instanceof UploadCanceledError))
          setUploadError(reason instanceof Error ? reason.message : 'The logo could not be uploaded.')
      })
      .finally(() => setUpload(undefined))
  }

  const shownError = uploadError ?? error
  const missing = logo !== null && !logoUrl

  return (
    <section aria-labelledby="brand-logo-title" className="glass rounded-3xl p-5 tablet:p-7">
      <h2 id="brand-logo-title" className="text-lg font-bold text-ink">
        Logo
      </h2>
      <p className="mt-1 text-sm text-muted">
        Shown in a corner of every video. A PNG or WebP with a see-through background looks best.
      </p>

      <div className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 tablet:items-start">
        <div
          className={`grid h-24 w-24 shrink-0 place-items-center overflow-hidden rounded-2xl border border-line p-2 tablet:h-28 tablet:w-28 ${CHECKERBOARD_CLASS}`}
        >
          {logo && logoUrl ? (
            <img
              src={logoUrl}
              alt={logoName ? `Your logo, ${logoName}` : 'Your logo'}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <ImageIcon className="h-9 w-9 text-subtle" />
          )}
        </div>
        <div className="contents tablet:block tablet:min-w-0">
          <div className="flex min-h-9 min-w-0 flex-wrap items-center gap-x-3">
            <p className="min-w-0 truncate text-sm font-semibold text-ink">
              {logo ? (logoName ?? (missing ? 'Your logo is missing' : 'Your logo')) : 'No logo yet'}
            </p>
            {logo ? (
              <button
                type="button"
                className="inline-flex items-center gap-1 py-2 text-sm font-semibold text-muted hover:text-ink"
                onClick={() => {
                  setUploadError(undefined)
                  onChange({ logo: null, url: null, name: null })
                }}
              >
                <TrashIcon className="h-4 w-4" /> Remove
              </button>
            ) : null}
          </div>
          <div className="col-span-2 flex flex-wrap gap-2 tablet:mt-2">
            <button
              id={FIELD_IDS.logo}
              type="button"
              className="btn-primary px-4 py-2 text-sm whitespace-nowrap"
              disabled={upload !== undefined}
              aria-describedby={shownError ? `${FIELD_IDS.logo}-error` : undefined}
              onClick={() => inputRef.current?.click()}
            >
              {upload ? <Spinner /> : <UploadIcon className="h-4 w-4" />}
              {upload ? (upload.reading ? 'Checking…' : `Uploading ${upload.percent} %`) : 'Upload a logo'}
            </button>
            <button
              type="button"
              className="btn-secondary px-4 py-2 text-sm whitespace-nowrap"
              disabled={upload !== undefined}
              onClick={() => setPickerOpen(true)}
            >
              <ImageIcon className="h-4 w-4" /> Choose from library
            </button>
          </div>
          <input
            ref={inputRef}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a logo file to upload"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) uploadFile(file)
            }}
          />
        </div>
      </div>

      {shownError ? (
        <p
          id={`${FIELD_IDS.logo}-error`}
          role="alert"
          className="mt-4 flex gap-2 rounded-2xl border border-rose-400/50 bg-rose-50 p-3 text-sm text-rose-800 dark:border-rose-300/30 dark:bg-rose-400/10 dark:text-rose-300"
        >
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {shownError}
        </p>
      ) : missing ? (
        <p className="mt-4 flex gap-2 rounded-2xl border border-amber-400/50 bg-amber-50 p-3 text-sm text-ink dark:border-amber-300/30 dark:bg-amber-300/10">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
          Your logo was deleted from your library, so videos show none. Upload it again or choose another.
        </p>
      ) : null}

      {logo ? (
        <div className="mt-6 grid gap-6 tablet:grid-cols-2">
          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-ink">Corner</legend>
            <div className="mt-3 grid grid-cols-2 gap-2">
              {LOGO_POSITIONS.map((position) => (
                <label
                  key={position}
                  className="relative flex cursor-pointer items-center gap-2.5 rounded-2xl border border-line bg-surface/70 px-3 py-2.5 text-sm font-medium text-ink transition-colors hover:border-accent/60 has-checked:border-accent has-checked:bg-accent/10 has-focus-visible:ring-2 has-focus-visible:ring-accent has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-canvas"
                >
                  <input
                    type="radio"
                    name="logo-position"
                    value={position}
                    checked={logo.position === position}
                    onChange={() => onChange({ logo: { ...logo, position }, url: logoUrl, name: logoName })}
                    className="absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
                  />
                  <CornerIcon position={position} />
                  {POSITION_LABELS[position]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-5">
            <RangeField
              label="Size"
              min={LOGO_SIZE.min}
              max={LOGO_SIZE.max}
              step={0.01}
              value={logo.size}
              display={`${Math.round(logo.size * 100)} %`}
              marks={['Small', 'Large']}
              onChange={(size) => onChange({ logo: { ...logo, size }, url: logoUrl, name: logoName })}
            />
            <RangeField
              label="Opacity"
              min={LOGO_OPACITY.min}
              max={LOGO_OPACITY.max}
              step={0.05}
              value={logo.opacity}
              display={`${Math.round(logo.opacity * 100)} %`}
              marks={['Faint', 'Solid']}
              onChange={(opacity) => onChange({ logo: { ...logo, opacity }, url: logoUrl, name: logoName })}
            />
          </div>
        </div>
      ) : null}

      <LogoPicker open={pickerOpen} onPick={choose} onClose={() => setPickerOpen(false)} />
    </section>
  )
}

/** A small frame with a dot in one corner. */
function CornerIcon({ position }: { position: LogoPosition }) {
  const [vertical, horizontal] = position.split('-')
  return (
    <span aria-hidden="true" className="relative h-7 w-5 shrink-0 rounded-[4px] border-2 border-current text-accent">
      <span
        className={`absolute h-1.5 w-1.5 rounded-[2px] bg-current ${vertical === 'top' ? 'top-0.5' : 'bottom-0.5'} ${
          horizontal === 'left' ? 'left-0.5' : 'right-0.5'
        }`}
      />
    </span>
  )
}
