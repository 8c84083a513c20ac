import { useId } from 'react'

import type { Asset } from '@storyreel/contracts/assets'

import { CloseIcon } from '#app/components/ui/icons.tsx'
import { useModalDialog } from '#app/components/ui/use-modal-dialog.ts'

import { describeAsset } from './asset-card.tsx'

/**
 * A ready asset shown whole on the native modal <dialog> (focus trapped, Escape closes, focus returns to the
 * card): the photo, or the clip or track with the browser's own controls.
 */
export function AssetPreview({ asset, onClose }: { asset: Asset | undefined; onClose: () => void }) {
  const ref = useModalDialog(asset !== undefined)
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(94vw,56rem)] rounded-3xl border border-line bg-raised p-0 text-ink shadow-2xl backdrop:bg-black/70"
      onClose={onClose}
    >
      {asset ? (
        <div className="p-4 tablet:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={titleId} className="truncate text-lg font-bold">
                {asset.name}
              </h2>
              <p className="text-sm text-muted">{describeAsset(asset)}</p>
            </div>
            <button
              type="button"
              className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
              aria-label="Close the preview"
              onClick={() => ref.current?.close()}
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <div className="grid place-items-center overflow-hidden rounded-2xl bg-black">
            {asset.kind === 'image' ? (
              <img src={asset.url ?? ''} alt={asset.name} className="max-h-[70vh] max-w-full object-contain" />
            ) : asset.kind === 'video' ? (
              // The user's own footage comes with no captions to offer.
              // eslint-disable-next-line jsx-a11y/media-has-caption
              <video
                src={asset.url ?? ''}
                poster={asset.thumbnail_url ?? undefined}
                controls
                playsInline
                // Its own shape from the start: before its data loads, a video would take its poster's small size.
                style={asset.width && asset.height ? { aspectRatio: `${asset.width} / ${asset.height}` } : undefined}
                className="max-h-[70vh] w-full bg-black"
              />
            ) : (
              // A music track has no words to caption.
              // eslint-disable-next-line jsx-a11y/media-has-caption
              <audio src={asset.url ?? ''} controls className="m-6 w-[min(100%,32rem)]" />
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  )
}
