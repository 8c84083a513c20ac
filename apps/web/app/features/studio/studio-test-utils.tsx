import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { vi } from 'vitest'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import type { MusicTrack, RenderJob, Voice } from '@storyreel/contracts/studio'

import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'

export const VOICES: Voice[] = [
  {
    id: 'en-us-flite-rms',
    name: 'Ryan',
    language: 'en-US',
    language_label: 'English (US)',
    gender: 'male',
    description: 'Synthetic voice from recordings · English (US) · male',
    engine: 'local',
    words_per_second: 2.5,
    preview_url: '/api/v1/voices/en-us-flite-rms/preview',
  },
  {
    id: 'en-gb-oliver',
    name: 'Oliver',
    language: 'en-GB',
    language_label: 'English (UK)',
    gender: 'male',
    description: 'Robotic synthetic voice · English (UK) · male',
    engine: 'local',
    words_per_second: 2.5,
    preview_url: '/api/v1/voices/en-gb-oliver/preview',
  },
]

export const TRACKS: MusicTrack[] = [
  {
    id: 'dawn-run',
    title: 'Dawn Run',
    mood: 'upbeat',
    genre: 'electronic',
    bpm: 124,
    duration_seconds: 92,
    description: 'Bright synths and a driving beat.',
    audio_url: '/media/music/dawn-run.mp3',
    licence: 'StoryReel library licence',
  },
  {
    id: 'quiet-harbour',
    title: 'Quiet Harbour',
    mood: 'calm',
    genre: 'ambient',
    bpm: 70,
    duration_seconds: 120,
    description: 'Soft pads and distant bells.',
    audio_url: '/media/music/quiet-harbour.mp3',
    licence: 'StoryReel library licence',
  },
]

/** A saved kit with a logo in the top right corner and a 3 s closing card; no font and no opening card. */
export const BRAND_KIT: BrandKit = {
  logo: { asset_id: '00000000-0000-4000-8000-0000000000c1', position: 'top-right', size: 0.16, opacity: 0.9 },
  logo_url: '/api/v1/media/logo.png',
  colours: { primary: '#5b21b6', accent: '#0f766e' },
  font: null,
  opening_card: { enabled: false, headline: '', seconds: 2 },
  closing_card: { enabled: true, call_to_action: 'Visit us on Saturday', contact: '', seconds: 3, voiced: false },
  contrast: [],
  updated_at: '2026-11-29T08:00:00.000Z',
}

/** A render a few seconds in, speaking its first scene. */
export const RENDER_JOB: RenderJob = {
  id: '7b0e1b2a-9a53-4c55-9f43-5d1f8f1a0a01',
  project_id: '7b0e1b2a-9a53-4c55-9f43-5d1f8f1a0a02',
  status: 'running',
  stage: 'voice',
  progress: 10,
  resolution: '720p',
  error: null,
  attempts: 1,
  reused_scenes: 0,
  cancel_requested: false,
  counts_toward_limit: true,
  lengthened_scenes: [],
  render_seconds: null,
  stage_seconds: null,
  created_at: '2025-05-01T10:00:00.000Z',
  started_at: '2025-05-01T10:00:01.000Z',
  finished_at: null,
  outputs: null,
}

export type Handler = (request: { method: string; url: URL; body: unknown }) => { status?: number; body?: unknown }

/** Answers the app's API calls from `handler`, keeping each request for assertions. */
export function mockApi(handler: Handler) {
  const calls: { method: string; url: URL; body: unknown }[] = []
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = init?.method ?? 'GET'
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, url, body })
    const answer = handler({ method, url, body })
    const status = answer.status ?? 200
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

export function signIn() {
  storage.set(STORAGE_KEYS.user, {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'maker@example.com',
    first_name: 'Mae',
    last_name: null,
    role: 'user',
    confirmed: true,
  })
  storage.set(STORAGE_KEYS.accessToken, 'token-1')
}

export function QueryWrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
