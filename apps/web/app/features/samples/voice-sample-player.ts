/**
 * Plays the voice samples (voice-samples.tsx) without React: the samples sit inside static islands, so one
 * delegated listener on the page does the work. A play button plays its own clip from the start and pauses any
 * other; its row carries `data-playing` while the clip plays, which the markup's CSS turns into a pause icon.
 */

const ROW = '[data-voice-sample]'

function setPlaying(row: Element, playing: boolean) {
  const button = row.querySelector<HTMLButtonElement>('button[data-voice-play]')
  row.toggleAttribute('data-playing', playing)
  if (button) button.setAttribute('aria-label', `${playing ? 'Pause' : 'Play'} ${button.dataset.voicePlay ?? ''}`)
}

/** Starts listening on `root` (the document, or a part of it); returns the function that stops. */
export function installVoiceSamplePlayers(root: Document | HTMLElement): () => void {
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-voice-play]') : null
    const audio = button?.closest(ROW)?.querySelector('audio')
    if (!audio) return
    if (!audio.paused) {
      audio.pause()
      return
    }
    for (const other of root.querySelectorAll<HTMLAudioElement>(`${ROW} audio`)) if (other !== audio) other.pause()
    audio.currentTime = 0
    void audio.play().catch(() => {
      const row = audio.closest(ROW)
      if (row) setPlaying(row, false)
    })
  }
  // Media events do not bubble: listen while they pass down.
  const onMediaEvent = (event: Event) => {
    const row = event.target instanceof HTMLAudioElement ? event.target.closest(ROW) : null
    if (row) setPlaying(row, event.type === 'play')
  }
  root.addEventListener('click', onClick)
  for (const type of ['play', 'pause', 'ended']) root.addEventListener(type, onMediaEvent, true)
  return () => {
    root.removeEventListener('click', onClick)
    for (const type of ['play', 'pause', 'ended']) root.removeEventListener(type, onMediaEvent, true)
    for (const audio of root.querySelectorAll<HTMLAudioElement>(`${ROW} audio`)) audio.pause()
  }
}
