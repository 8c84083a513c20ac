import { useEffect, useRef, useState } from 'react'

/** Frames across a clip's strip: enough to recognise its shots, few enough to seek through in a moment. */
export const FILMSTRIP_FRAMES = 10
const FRAME_HEIGHT = 72

/**
 * Stills from across a clip, made in the browser: a hidden <video> of the clip's normalised copy seeks to
 * each point and a canvas keeps a small JPEG of it. Frames arrive one by one; until the first (or when the
 * browser cannot decode or read the clip) there are none, and the strip shows the clip's thumbnail instead.
 * Keyed by the asset, not its link: a fresh signature on the same file is no reason to start again.
 */
export function useFilmstrip(assetId: string, url: string | null, seconds: number | null): string[] {
  const [strip, setStrip] = useState<{ assetId: string; frames: string[] }>()
  const urlRef = useRef(url)
  // Declared before the effect that reads it, so it runs first.
  useEffect(() => {
    urlRef.current = url
  }, [url])
  const hasUrl = url !== null
  useEffect(() => {
    const source = urlRef.current
    if (!source || !seconds || seconds <= 0) return
    let canceled = false
    const video = document.createElement('video')
    video.muted = true
    video.preload = 'auto'
    video.playsInline = true
    // Another origin's file may only be drawn and read back from a canvas when it is fetched with CORS.
    if (new URL(source, window.location.href).origin !== window.location.origin) video.crossOrigin = 'anonymous'
    const once = (event: 'loadeddata' | 'seeked') =>
      new Promise<void>((resolve, reject) => {
        const onError = () => reject(new Error('The clip could not be read.'))
        video.addEventListener(
          event,
          () => {
            video.removeEventListener('error', onError)
            resolve()
          },
          { once: true },
        )
        video.addEventListener('error', onError, { once: true })
      })
    const run = async () => {
      const loaded = once('loadeddata')
      video.src = source
      await loaded
      const canvas = document.createElement('canvas')
      const ratio = video.videoWidth > 0 && video.videoHeight > 0 ? video.videoWidth / video.videoHeight : 16 / 9
      canvas.height = FRAME_HEIGHT
      canvas.width = Math.round(FRAME_HEIGHT * ratio)
      const context = canvas.getContext('2d')
      if (!context) return
      const frames: string[] = []
      for (let index = 0; index < FILMSTRIP_FRAMES; index += 1) {
        const seeked = once('seeked')
        video.currentTime = Math.min(seconds - 0.05, ((index + 0.5) / FILMSTRIP_FRAMES) * seconds)
        await seeked
        if (canceled) return
        context.drawImage(video, 0, 0, canvas.width, canvas.height)
        frames.push(canvas.toDataURL('image/jpeg', 0.7))
        setStrip({ assetId, frames: [...frames] })
      }
    }
    // A clip the browser cannot decode, or a canvas it will not read back, keeps the thumbnail strip.
    run().catch(() => undefined)
    let started = false
    video.addEventListener('loadstart', () => (started = true), { once: true })
    return () => {
      canceled = true
      video.removeAttribute('src')
      // Without a load() the browser may go on fetching the file it was given, holding one of its few
      // connections to the server; a browser that never started (a test's DOM) has nothing to stop.
      if (started) video.load()
    }
  }, [assetId, hasUrl, seconds])
  return strip?.assetId === assetId ? strip.frames : []
}
