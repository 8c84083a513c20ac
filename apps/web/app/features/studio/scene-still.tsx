import { useEffect, useState } from 'react'

import type { AspectRatio } from '@storyreel/contracts/studio'

import { ImageIcon } from '#app/components/ui/icons.tsx'

/** The still's box for each aspect ratio: a fixed size, so nothing around it moves while it loads. */
const BOX_CLASS: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] w-28 tablet:w-36',
  '16:9': 'aspect-video w-32 tablet:w-48',
  '1:1': 'aspect-square w-32 tablet:w-40',
}

/** A busy server answers 503: one quiet retry after this long before the card says the picture is missing. */
const RETRY_MS = 2500

const pictureClass = 'absolute inset-0 h-full w-full object-cover'

type Load = { tries: number; status: 'loading' | 'ready' | 'failed' }

/** One version of the picture: loads, retries once, and offers another try when it still fails. */
function StillImage({
  url,
  alt,
  onLoad,
  covered,
}: {
  url: string
  alt: string
  onLoad: () => void
  /** An older picture is showing beneath, so no skeleton is needed while this one loads. */
  covered: boolean
}) {
  const [load, setLoad] = useState<Load>({ tries: 0, status: 'loading' })
  useEffect(() => {
    if (load.status !== 'failed' || load.tries > 0) return
    const timer = setTimeout(() => setLoad({ tries: 1, status: 'loading' }), RETRY_MS)
    return () => clearTimeout(timer)
  }, [load])
  const gaveUp = load.status === 'failed' && load.tries > 0
  if (gaveUp)
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-raised p-2 text-center text-xs text-muted">
        <ImageIcon className="h-5 w-5 text-subtle" />
        <span>No picture right now.</span>
        <button
          type="button"
          className="font-semibold text-accent underline-offset-2 hover:underline"
          onClick={() => setLoad({ tries: load.tries + 1, status: 'loading' })}
        >
          Try again
        </button>
      </div>
    )
  return (
    <>
      {load.status === 'ready' || covered ? null : (
        <div className="absolute inset-0 animate-pulse bg-line/60" aria-hidden="true" />
      )}
      {load.status === 'failed' ? null : (
        <img
          key={load.tries}
          src={url}
          alt={alt}
          decoding="async"
          loading="lazy"
          onLoad={() => {
            setLoad((current) => ({ ...current, status: 'ready' }))
            onLoad()
          }}
          onError={() => setLoad((current) => ({ ...current, status: 'failed' }))}
          className={`${pictureClass} transition-opacity duration-300 ${load.status === 'ready' ? 'opacity-100' : 'opacity-0'}`}
        />
      )}
    </>
  )
}

/**
 * A scene's drawn still in the storyboard. A new version (after an edit or a re-roll) fades in over the
 * previous one, which stays until it has loaded; `updating` marks a scene whose changes are not saved yet.
 */
export function SceneStill({
  url,
  alt,
  aspectRatio,
  updating,
}: {
  url: string | undefined
  alt: string
  aspectRatio: AspectRatio
  updating: boolean
}) {
  const [loaded, setLoaded] = useState<string>()
  const previous = loaded !== undefined && loaded !== url ? loaded : undefined
  const showUpdating = updating || (url !== undefined && previous !== undefined)
  return (
    <div
      className={`relative shrink-0 overflow-hidden rounded-2xl border border-line bg-raised ${BOX_CLASS[aspectRatio]}`}
      data-testid="scene-still"
      aria-busy={url !== undefined && loaded !== url}
    >
      {previous ? <img src={previous} alt="" className={pictureClass} /> : null}
      {url ? (
        <StillImage key={url} url={url} alt={alt} covered={previous !== undefined} onLoad={() => setLoaded(url)} />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 p-2 text-center text-xs text-subtle">
          <ImageIcon className="h-5 w-5" />
          <span>Drawn once saved</span>
        </div>
      )}
      {showUpdating ? (
        <span
          aria-hidden="true"
          className="absolute bottom-1.5 left-1.5 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-semibold text-white"
        >
          Updating…
        </span>
      ) : null}
    </div>
  )
}
