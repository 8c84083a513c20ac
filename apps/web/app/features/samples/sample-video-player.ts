/**
 * Plays the sample videos (sample-video.tsx) without React: they sit inside static islands, so one delegated
 * listener on the page does the work. A sample's play button gives the video its controls, hands it the focus
 * and plays it, still muted; any other sample that was playing pauses. If the browser refuses to play, the
 * controls stay for the viewer to try again.
 */

const PLAYER = '[data-sample-video]'

/** Turns a sample's controls on in place of its play button and starts it. */
export function startSampleVideo(player: Element, others: Iterable<HTMLVideoElement>): void {
  const video = player.querySelector('video')
  if (!video) return
  for (const other of others) if (other !== video) other.pause()
  // The poster may still be waiting for the viewport (lazy-posters.ts); the viewer is looking at it now.
  if (!video.poster && video.dataset.poster) video.poster = video.dataset.poster
  video.controls = true
  for (const button of player.querySelectorAll<HTMLButtonElement>('button[data-sample-play]')) button.hidden = true
  // The button that had the focus is gone: the video, now with its controls, takes it.
  video.focus({ preventScroll: true })
  void video.play()?.catch(() => undefined)
}

/** Starts listening on `root` (the document, or a part of it); returns the function that stops. */
export function installSampleVideoPlayers(root: Document | HTMLElement): () => void {
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-sample-play]') : null
    const player = button?.closest(PLAYER)
    if (!player) return
    startSampleVideo(player, root.querySelectorAll<HTMLVideoElement>(`${PLAYER} video`))
  }
  root.addEventListener('click', onClick)
  return () => root.removeEventListener('click', onClick)
}
