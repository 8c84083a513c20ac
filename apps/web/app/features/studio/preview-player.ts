import { useSyncExternalStore } from 'react'

/** What is playing: one preview at a time across the page (voices, tracks). */
export type PreviewState = { id: string | undefined; playing: boolean; progress: number; loading: boolean }

const IDLE: PreviewState = { id: undefined, playing: false, progress: 0, loading: false }

function createPreviewPlayer() {
  let state = IDLE
  let audio: HTMLAudioElement | undefined
  const listeners = new Set<() => void>()
  const set = (next: Partial<PreviewState>) => {
    state = { ...state, ...next }
    for (const listener of listeners) listener()
  }
  const getAudio = () => {
    if (audio) return audio
    audio = new Audio()
    audio.preload = 'none'
    audio.addEventListener('timeupdate', () => {
      if (audio?.duration) set({ progress: audio.currentTime / audio.duration })
    })
    audio.addEventListener('playing', () => set({ loading: false, playing: true }))
    audio.addEventListener('pause', () => set({ playing: false }))
    audio.addEventListener('ended', () => set({ playing: false, progress: 1 }))
    audio.addEventListener('error', () => set({ ...IDLE }))
    return audio
  }
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /** Plays `url` as `id`, or pauses it when it is the one playing; any other preview stops. */
    toggle: (id: string, url: string) => {
      const player = getAudio()
      if (state.id === id && state.playing) {
        player.pause()
        return
      }
      if (state.id !== id) {
        player.src = url
        set({ id, progress: 0, loading: true, playing: false })
      }
      player.play().catch(() => set({ ...IDLE }))
    },
    stop: () => {
      audio?.pause()
      set({ ...IDLE })
    },
  }
}

export const previewPlayer = createPreviewPlayer()

const serverState = () => IDLE

export function usePreviewPlayer(): PreviewState {
  return useSyncExternalStore(previewPlayer.subscribe, previewPlayer.getState, serverState)
}
