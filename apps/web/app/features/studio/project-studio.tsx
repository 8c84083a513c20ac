import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useReducer, useRef, useState, type DragEvent } from 'react'

import { getVoiceLanguageProblem } from '@storyreel/contracts/languages'
import {
  PROJECT_TITLE_MAX_CHARS,
  SCENES_MAX,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  VIDEO_STYLE_LABELS,
  isLibraryMedia,
  type Project,
  type ProjectMediaAsset,
  type ProjectSettings,
  type RenderJob,
} from '@storyreel/contracts/studio'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { Spinner } from '#app/components/ui/form-field.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { toasts } from '#app/lib/toast.ts'

import { formatClock } from './format.ts'
import { MediaPicker, type PickerKind } from './media-picker.tsx'
import { StockPicker } from './stock-picker.tsx'
import { listNumbers, WriterNote } from './writer-note.tsx'
import { RenderPanel } from './render-panel.tsx'
import { SaveTemplateButton } from './save-template.tsx'
import { SceneCard, type ScenePreviewState } from './scene-card.tsx'
import {
  assignMediaToScenes,
  chooseMediaAsset,
  getMediaErrors,
  getMediaState,
  isSameMedia,
  toMediaAsset,
  type MediaAssignment,
  type MediaErrors,
} from './scene-media.ts'
import { getVoiceTag } from './script-language.ts'
import { useBrandCardSeconds } from './brand-choices.tsx'
import { SettingsFields, voicesQuery } from './settings-controls.tsx'
import { StoryboardBar } from './storyboard-bar.tsx'
import {
  createStoryboardState,
  getRenderFingerprint,
  getStoryboardTotals,
  isStillOutdated,
  listSceneNumbers,
  storyboardReducer,
  toSceneInputs,
  type DraftScene,
} from './storyboard.ts'
import { studioApi } from './studio-api.ts'
import { FilmIcon, ImageIcon, PencilIcon, PlusIcon } from '#app/components/ui/icons.tsx'
import { useAutosave, type SaveStatus } from './use-autosave.ts'
import { useRenderJob } from './use-render-job.ts'

type Draft = { scenes: DraftScene[]; settings: ProjectSettings }

/** Where focus goes after the storyboard changes under it: the undo button, or a field of one scene. */
type FocusRequest = { to: 'undo' } | { to: 'scene'; key: string; field: 'narration' | 'visual' | 'delete' | 'media' }

/** The library picker: one scene's photo or clip, or several items for "Use my media". */
type PickerState = { mode: 'single'; key: string; kind: PickerKind } | { mode: 'multi'; kind: PickerKind }

/** While a scene's photo, clip or track is being prepared, the studio asks for its state this often. */
const MEDIA_POLL_MS = 4000

const NO_MEDIA_ERRORS: MediaErrors = { scenes: {}, music: undefined }

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved',
  invalid: 'Unsaved: a scene needs “What we see”',
  error: 'Not saved',
}

const capitalizeFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export const projectQueryKey = (id: string) => ['studio', 'project', id] as const

function TitleEditor({ project, onRenamed }: { project: Project; onRenamed: (project: Project) => void }) {
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(project.title)
  const [saving, setSaving] = useState(false)
  async function commit() {
    const title = value.trim()
    if (!title || title === project.title) {
      setEditing(false)
      setValue(project.title)
      return
    }
    setSaving(true)
    try {
      onRenamed(await studioApi.updateProject(project.id, { title }))
      setEditing(false)
    } catch {
      // The toast says why; the field stays open with the text.
    } finally {
      setSaving(false)
    }
  }
  if (editing)
    return (
      <form
        className="flex min-w-0 flex-1 items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          void commit()
        }}
      >
        <label className="sr-only" htmlFor="project-title">
          Project title
        </label>
        <input
          id="project-title"
          // The field opens on the user's click, so moving focus into it is expected.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={value}
          maxLength={PROJECT_TITLE_MAX_CHARS}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setValue(project.title)
              setEditing(false)
            }
          }}
          onBlur={() => void commit()}
          className="min-w-0 flex-1 rounded-xl border border-accent bg-surface px-3 py-1.5 text-2xl font-bold tracking-tight text-ink focus:outline-none"
        />
        {saving ? <Spinner /> : null}
      </form>
    )
  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 className="truncate text-2xl font-bold tracking-tight text-ink tablet:text-3xl">{project.title}</h1>
      <button
        type="button"
        onClick={() => {
          setValue(project.title)
          setEditing(true)
        }}
        aria-label="Rename project"
        className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-raised hover:text-ink"
      >
        <PencilIcon className="h-4 w-4" />
      </button>
    </div>
  )
}

/** The studio for one project: title, storyboard editor with autosave, settings and the render panel. */
export function ProjectStudio({ project: initial }: { project: Project }) {
  const queryClient = useQueryClient()
  // The voice's own pace, so the scene cards estimate speech as the server sizes scenes.
  const voices = useQuery(voicesQuery)
  // Where a hosted image engine pictures scenes, a scene can choose it or the built-in illustrator.
  const hostedImages = useQuery({
    queryKey: ['public-config', 'hosted-images'],
    queryFn: studioApi.getHostedImages,
    staleTime: 5 * 60_000,
  }).data
  // The stock libraries a scene can be searched in here; none: the card says an administrator can turn it on.
  const stockProviders = useQuery({
    queryKey: ['public-config', 'stock'],
    queryFn: studioApi.getStockProviders,
    staleTime: 5 * 60_000,
  }).data
  const [stockScene, setStockScene] = useState<string>()
  const [filling, setFilling] = useState(false)
  /** Why "Stock for every scene" left a scene drawn, by scene key, until the scene changes. */
  const [stockNotes, setStockNotes] = useState<Record<string, string>>({})
  const [project, setProject] = useState(initial)
  const [board, dispatch] = useReducer(storyboardReducer, initial.scenes, createStoryboardState)
  const [settings, setSettings] = useState(initial.settings)
  const [previews, setPreviews] = useState<Record<string, ScenePreviewState & { fingerprint?: string }>>({})
  const [rerolling, setRerolling] = useState<string>()
  const [dragKey, setDragKey] = useState<string>()
  const [overKey, setOverKey] = useState<string>()
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [showAllErrors, setShowAllErrors] = useState(false)
  const [regenerateOpen, setRegenerateOpen] = useState(false)
  const [regenerating, setRegenerating] = useState(false)
  const [picker, setPicker] = useState<PickerState>()
  // Items chosen in the picker, known here before a save brings them back in the project's media_assets.
  const [pickedAssets, setPickedAssets] = useState<Record<string, ProjectMediaAsset>>({})
  const [pendingFill, setPendingFill] = useState<MediaAssignment>()
  const [mediaErrors, setMediaErrors] = useState<MediaErrors>(NO_MEDIA_ERRORS)
  const [renderedFingerprint, setRenderedFingerprint] = useState<string | undefined>(() => {
    const render = initial.latest_render
    if (!render) return undefined
    const renderedAt = new Date(render.finished_at ?? render.created_at).getTime()
    // Saved after the render finished: the render shows an older storyboard.
    return new Date(initial.updated_at).getTime() <= renderedAt + 2000
      ? getRenderFingerprint(createStoryboardState(initial.scenes).scenes, initial.settings)
      : undefined
  })

  // A voice of another language than the words reads them badly: said before rendering, not blocking it.
  const voiceTag = getVoiceTag(settings.voice_id, voices.data?.voices)
  const voiceWarning = voiceTag ? getVoiceLanguageProblem(voiceTag, settings.language ?? 'en') : undefined
  const draft: Draft = { scenes: board.scenes, settings }
  const fingerprint = getRenderFingerprint(board.scenes, settings)
  const sentRef = useRef<DraftScene[]>([])
  const newScenes = useRef(0)
  const totals = getStoryboardTotals(board.scenes, useBrandCardSeconds(settings.brand))
  const sceneRefs = useRef(new Map<string, HTMLLIElement>())
  const undoRef = useRef<HTMLButtonElement>(null)
  const focusRequest = useRef<FocusRequest>(undefined)
  // Runs after the render that made the change, once the element to focus exists.
  useEffect(() => {
    const request = focusRequest.current
    if (!request) return
    focusRequest.current = undefined
    if (request.to === 'undo') undoRef.current?.focus()
    else sceneRefs.current.get(request.key)?.querySelector<HTMLElement>(`[data-field="${request.field}"]`)?.focus()
  })
  const keep = (next: Project) => {
    setProject(next)
    queryClient.setQueryData(projectQueryKey(next.id), next)
  }
  const mediaAssets: Record<string, ProjectMediaAsset> = { ...pickedAssets, ...project.media_assets }
  const usedAssetIds = [
    ...board.scenes.flatMap((scene) => (isLibraryMedia(scene.media) ? [scene.media.asset_id] : [])),
    ...(settings.music_asset_id ? [settings.music_asset_id] : []),
  ]
  const preparing = usedAssetIds.some((id) => mediaAssets[id]?.status === 'processing')
  // A photo, clip or track still being prepared is used once ready: the studio looks again until then.
  useEffect(() => {
    if (!preparing) return
    const timer = setInterval(() => {
      studioApi.getProject(project.id).then(
        (next) =>
          setProject((current) =>
            JSON.stringify(current.scenes) === JSON.stringify(next.scenes)
              ? { ...current, media_assets: next.media_assets, scene_thumbnails: next.scene_thumbnails }
              : { ...current, media_assets: next.media_assets },
          ),
        () => undefined,
      )
    }, MEDIA_POLL_MS)
    return () => clearInterval(timer)
  }, [preparing, project.id])

  const autosave = useAutosave<Draft>({
    value: draft,
    getKey: (value) => getRenderFingerprint(value.scenes, value.settings),
    isValid: (value) => getStoryboardTotals(value.scenes).incomplete === 0 && value.scenes.length > 0,
    save: async (value) => {
      sentRef.current = value.scenes
      let saved
      try {
        saved = await studioApi.updateProject(project.id, {
          settings: value.settings,
          scenes: toSceneInputs(value.scenes),
        })
      } catch (error) {
        if (error instanceof ApiError) {
          const changed = value.scenes.flatMap((scene) =>
            isSameMedia(project.scenes.find((item) => item.id === scene.id)?.media, scene.media) ? [] : [scene.key],
          )
          const music = (value.settings.music_asset_id ?? null) !== (project.settings.music_asset_id ?? null)
          setMediaErrors(getMediaErrors(error, value.scenes, { sceneKeys: changed, music }))
        }
        throw error
      }
      setMediaErrors(NO_MEDIA_ERRORS)
      dispatch({ type: 'saved', sent: sentRef.current, scenes: saved.scenes, lengthened: saved.lengthened_scenes })
      keep(saved)
      for (const { scene_id, from_seconds, to_seconds } of saved.lengthened_scenes) {
        const number = saved.scenes.findIndex((scene) => scene.id === scene_id) + 1
        toasts.notify({
          tone: 'info',
          message: `Scene ${number} is now ${to_seconds} s instead of ${from_seconds} s, so all of its narration is heard.`,
        })
      }
    },
  })

  const incompleteNumbers = board.scenes.flatMap((scene, index) => (scene.visual.trim() === '' ? [index + 1] : []))
  const awaiting = totals.awaitingWords
  const blockedReason =
    awaiting.length > 0
      ? `${awaiting.length === 1 ? `Scene ${awaiting[0]} still needs` : `Scenes ${listNumbers(awaiting)} still need`} your own words in place of the [In your own words …] prompt.`
      : incompleteNumbers.length > 0
        ? `Describe what ${listSceneNumbers(incompleteNumbers)} ${incompleteNumbers.length === 1 ? 'shows' : 'show'} first.`
        : totals.status === 'too-short'
          ? totals.cardSeconds > 0
            ? `The scenes last ${formatClock(totals.seconds - totals.cardSeconds)}; they need at least ${VIDEO_MIN_SECONDS} s besides the brand's cards.`
            : `The video is ${formatClock(totals.seconds)} long; it needs at least ${VIDEO_MIN_SECONDS} s.`
          : totals.status === 'too-long'
            ? `The video is ${formatClock(totals.seconds)} long${totals.cardSeconds > 0 ? ` with the brand's cards (${totals.cardSeconds} s)` : ''}; it can be at most ${VIDEO_MAX_SECONDS} s.`
            : undefined

  const render = useRenderJob({
    projectId: project.id,
    initialJob: initial.latest_render,
    beforeRender: () => autosave.flush(),
    onStarted: () => setRenderedFingerprint(fingerprint),
    onFinished: (job: RenderJob) => {
      if (job.status !== 'succeeded') setRenderedFingerprint(undefined)
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(project.id) })
    },
  })

  /** Render asked for while a scene lacks its picture: every problem shows, and focus goes to the first. */
  function showProblems() {
    setShowAllErrors(true)
    const incomplete = board.scenes.find((scene) => scene.visual.trim() === '')
    if (incomplete) focusRequest.current = { to: 'scene', key: incomplete.key, field: 'visual' }
  }

  async function reroll(scene: DraftScene) {
    if (!scene.id) return
    setRerolling(scene.key)
    try {
      await autosave.flush()
      const next = await studioApi.rerollScene(project.id, scene.id)
      const fresh = next.scenes.find((item) => item.id === scene.id)
      if (fresh) {
        dispatch({ type: 'replace-scene', scene: fresh })
        const scenes = board.scenes.map((item) =>
          item.id === fresh.id ? { ...item, visual: fresh.visual, seed: fresh.seed } : item,
        )
        autosave.markSaved({ scenes, settings })
      }
      keep(next)
    } catch {
      // The toast says why.
    } finally {
      setRerolling(undefined)
    }
  }

  async function preview(scene: DraftScene) {
    if (!scene.id) return
    const sceneFingerprint = JSON.stringify(toSceneInputs([scene]))
    setPreviews((current) => ({ ...current, [scene.key]: { status: 'loading' } }))
    try {
      await autosave.flush()
      const result = await studioApi.previewScene(project.id, scene.id)
      setPreviews((current) => ({
        ...current,
        [scene.key]: { status: 'ready', preview: result, stale: false, fingerprint: sceneFingerprint },
      }))
    } catch {
      setPreviews((current) => ({ ...current, [scene.key]: { status: 'error' } }))
    }
  }

  /**
   * "Stock for every scene": saved first, then the server gives each scene with no chosen picture a stock clip
   * or photo; scenes where nothing fitted keep their drawing, and their cards say why.
   */
  async function fillWithStock() {
    setFilling(true)
    try {
      await autosave.flush()
      const { project: next, scenes: outcomes } = await studioApi.fillWithStock(project.id)
      const picked = outcomes.filter((outcome) => outcome.result !== 'drawn')
      const media = board.scenes.flatMap((scene) => {
        const fresh = next.scenes.find((item) => item.id === scene.id)
        return fresh && picked.some((outcome) => outcome.scene_id === scene.id)
          ? [{ key: scene.key, media: fresh.media ?? null }]
          : []
      })
      dispatch({ type: 'set-media', media })
      keep(next)
      autosave.markSaved({
        scenes: board.scenes.map((scene) => {
          const found = media.find((item) => item.key === scene.key)
          return found ? { ...scene, media: found.media } : scene
        }),
        settings,
      })
      setStockNotes(
        Object.fromEntries(
          outcomes.flatMap((outcome) => {
            const scene = board.scenes.find((item) => item.id === outcome.scene_id)
            return scene && outcome.result === 'drawn' ? [[scene.key, outcome.message]] : []
          }),
        ),
      )
      const kept = outcomes.length - picked.length
      toasts.notify({
        tone: 'info',
        message:
          outcomes.length === 0
            ? 'Every scene already shows a picture of its own: nothing to fill.'
            : `Stock for ${picked.length} ${picked.length === 1 ? 'scene' : 'scenes'}${kept > 0 ? `; ${kept} ${kept === 1 ? 'keeps its drawing' : 'keep their drawings'}, as their cards say` : ''}.`,
      })
    } catch {
      // The toast says why.
    } finally {
      setFilling(false)
    }
  }

  /** "Use my media": the chosen items into the scenes in order, in one step, and a word on what happened. */
  function fillScenes(assignment: MediaAssignment) {
    dispatch({ type: 'set-media', media: assignment.media })
    const count = assignment.media.length
    const into = count === 1 ? 'scene 1' : `scenes 1–${count}`
    const left =
      assignment.leftOut > 0
        ? ` ${assignment.leftOut === 1 ? 'One item was' : `${assignment.leftOut} items were`} left out: the storyboard has ${board.scenes.length} ${board.scenes.length === 1 ? 'scene' : 'scenes'}.`
        : ''
    toasts.notify({ tone: 'info', message: `Your media is in ${into}.${left}` })
  }

  const dragHandlers = (scene: DraftScene, index: number) => ({
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move'
      event.dataTransfer.setData('text/plain', scene.key)
      setDragKey(scene.key)
    },
    onDragEnd: () => {
      setDragKey(undefined)
      setOverKey(undefined)
    },
    onDragOver: (event: DragEvent) => {
      if (!dragKey) return
      event.preventDefault()
      if (overKey !== scene.key) setOverKey(scene.key)
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      if (dragKey && dragKey !== scene.key) dispatch({ type: 'move-to', key: dragKey, index })
      setDragKey(undefined)
      setOverKey(undefined)
    },
  })

  const addScene = (afterKey: string | undefined) => {
    newScenes.current += 1
    const key = `new-${newScenes.current}`
    dispatch({ type: 'add', afterKey, key })
    focusRequest.current = { to: 'scene', key, field: 'narration' }
  }

  const starts = board.scenes.map((_scene, index) =>
    board.scenes.slice(0, index).reduce((sum, scene) => sum + scene.duration, 0),
  )
  const sceneCards = board.scenes.map((scene, index) => {
    const at = starts[index] ?? 0
    const state = previews[scene.key]
    const savedScene = project.scenes.find((item) => item.id === scene.id)
    const media = getMediaState(scene.media, mediaAssets)
    const mediaAsset = media.kind === 'asset' ? media.asset : undefined
    // A newly chosen photo or clip shows its own thumbnail until the scene's new still is made.
    const ownThumbnail =
      !isSameMedia(savedScene?.media, scene.media) && mediaAsset?.status === 'ready'
        ? (mediaAsset.thumbnail_url ?? undefined)
        : undefined
    const thumbnailUrl = ownThumbnail ?? (scene.id ? project.scene_thumbnails[scene.id] : undefined)
    const savedVisual = savedScene?.visual
    const shown =
      state?.status === 'ready'
        ? { ...state, stale: state.fingerprint !== JSON.stringify(toSceneInputs([scene])) }
        : state
    return (
      <SceneCard
        key={scene.key}
        scene={scene}
        index={index}
        count={board.scenes.length}
        startsAt={at}
        voiceSpeed={settings.voice_speed}
        wordsPerSecond={voices.data?.voices.find((voice) => voice.id === settings.voice_id)?.words_per_second}
        aspectRatio={settings.aspect_ratio}
        thumbnail={{
          url: thumbnailUrl,
          alt: savedVisual ?? scene.visual,
          // A save the server refused, or one held back as incomplete, redraws nothing: no "Updating…" then.
          updating:
            thumbnailUrl !== undefined &&
            autosave.status !== 'error' &&
            autosave.status !== 'invalid' &&
            isStillOutdated(draft, project, index),
        }}
        preview={shown}
        rerolling={rerolling === scene.key}
        mediaAsset={mediaAsset}
        hostedImages={hostedImages === true}
        mediaError={mediaErrors.scenes[scene.key]}
        onChange={(changes) => dispatch({ type: 'update', key: scene.key, changes })}
        onPickMedia={(kind) => setPicker({ mode: 'single', key: scene.key, kind })}
        // A scene is searched by its saved words: a new card waits for its first save.
        stock={stockProviders && scene.id ? stockProviders.length > 0 : undefined}
        stockNote={scene.media ? undefined : stockNotes[scene.key]}
        onStock={() => setStockScene(scene.key)}
        onMove={(by) => dispatch({ type: 'move', key: scene.key, by })}
        onRemove={() => {
          dispatch({ type: 'remove', key: scene.key })
          // The card and its button are gone: focus waits on Undo, which the sticky bar keeps on screen.
          focusRequest.current = { to: 'undo' }
        }}
        onAddAfter={() => addScene(scene.key)}
        onReroll={() => void reroll(scene)}
        onPreview={() => void preview(scene)}
        dragHandlers={dragHandlers(scene, index)}
        dropTarget={overKey === scene.key && dragKey !== scene.key}
        showErrors={showAllErrors || touched.has(scene.key)}
        onVisualBlur={() =>
          setTouched((current) => (current.has(scene.key) ? current : new Set(current).add(scene.key)))
        }
        cardRef={(element) => {
          if (element) sceneRefs.current.set(scene.key, element)
          else sceneRefs.current.delete(scene.key)
        }}
      />
    )
  })

  return (
    <div className="mx-auto max-w-6xl px-5 py-8 tablet:px-8 desktop:py-10">
      <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <TitleEditor key={project.title} project={project} onRenamed={keep} />
        <p
          role="status"
          data-testid="save-status"
          className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold ${
            autosave.status === 'saved'
              ? 'border-line text-muted'
              : autosave.status === 'saving' || autosave.status === 'unsaved'
                ? 'border-accent/40 text-accent'
                : 'border-rose-400/50 text-rose-700 dark:text-rose-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`h-1.5 w-1.5 rounded-full ${
              autosave.status === 'saved'
                ? 'bg-emerald-500'
                : autosave.status === 'saving'
                  ? 'animate-pulse bg-accent'
                  : autosave.status === 'unsaved'
                    ? 'bg-accent'
                    : 'bg-rose-500'
            }`}
          />
          {SAVE_LABELS[autosave.status]}
          {autosave.status === 'error' ? (
            <button type="button" className="ml-1 underline" onClick={() => void autosave.flush()}>
              Retry
            </button>
          ) : null}
        </p>
      </header>
      <p className="mt-2 text-sm text-muted">
        {VIDEO_STYLE_LABELS[settings.style]} · {settings.aspect_ratio} · {board.scenes.length}{' '}
        {board.scenes.length === 1 ? 'scene' : 'scenes'} ·{' '}
        {project.script_writer === 'hosted'
          ? 'a first draft by an AI writer: check names, numbers and facts before you post.'
          : 'a first draft to edit: a starting point, yours to change.'}
      </p>
      {project.source.kind === 'prompt' && project.script_writer === 'offline' ? (
        <WriterNote awaiting={awaiting} />
      ) : null}

      {/* A direct child of the page, so it stays stuck all the way down. */}
      <StoryboardBar
        totals={totals}
        sceneCount={board.scenes.length}
        render={render}
        blockedReason={blockedReason}
        onBlockedRender={showProblems}
        warning={voiceWarning?.replace(/\.$/, ' in Video settings.')}
        removedNumber={board.removed ? board.removed.index + 1 : undefined}
        undoRef={undoRef}
        onUndo={() => {
          const restored = board.removed?.scene.key
          dispatch({ type: 'undo-remove' })
          if (restored) focusRequest.current = { to: 'scene', key: restored, field: 'delete' }
        }}
        onDismissUndo={() => dispatch({ type: 'dismiss-undo' })}
      />

      <div className="mt-6 grid gap-6 desktop:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="storyboard-title" className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="storyboard-title" className="text-lg font-bold text-ink">
                Storyboard
              </h2>
              <p className="text-sm text-muted">
                Edit, reorder, re-roll and preview each scene before the full render.
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <button
                type="button"
                className="text-sm font-semibold text-accent underline-offset-2 hover:underline"
                onClick={() => setRegenerateOpen(true)}
              >
                Rewrite from the original text
              </button>
              <button
                type="button"
                className="btn-secondary px-3.5 py-2 text-sm"
                onClick={() => setPicker({ mode: 'multi', kind: 'image' })}
              >
                <ImageIcon className="h-4 w-4" /> Use my media
              </button>
              {stockProviders && stockProviders.length > 0 ? (
                <button
                  type="button"
                  className="btn-secondary px-3.5 py-2 text-sm"
                  disabled={filling}
                  onClick={() => void fillWithStock()}
                >
                  {filling ? <Spinner className="h-4 w-4" /> : <FilmIcon className="h-4 w-4" />}
                  {filling ? 'Finding stock…' : 'Stock for every scene'}
                </button>
              ) : null}
              <SaveTemplateButton projectId={project.id} title={project.title} beforeSave={autosave.flush} />
            </div>
          </div>

          <ol className="mt-4 space-y-8 pb-4" aria-label="Scenes">
            {sceneCards}
          </ol>
          {board.scenes.length < SCENES_MAX ? (
            <button
              type="button"
              className="btn-secondary mt-2 w-full border-dashed text-sm"
              onClick={() => addScene(undefined)}
            >
              <PlusIcon className="h-4 w-4" /> Add a scene at the end
            </button>
          ) : null}
        </section>

        <aside className="min-w-0 space-y-6" aria-label="Render and settings">
          <RenderPanel
            render={render}
            title={project.title}
            aspectRatio={project.aspect_ratio}
            stale={renderedFingerprint !== undefined && renderedFingerprint !== fingerprint}
            sceneIds={board.scenes.map((scene) => scene.id)}
          />
          <details className="glass group rounded-3xl p-5 tablet:p-6">
            <summary className="cursor-pointer list-none text-lg font-bold text-ink marker:hidden">
              <span className="flex items-center justify-between">
                Video settings
                <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-180">
                  ⌄
                </span>
              </span>
              <span className="block text-sm font-normal text-muted">
                Style, format, voice, music, captions, mix and brand kit.
              </span>
            </summary>
            <div className="mt-5">
              <SettingsFields
                settings={settings}
                onChange={(changes) => setSettings((current) => ({ ...current, ...changes }))}
                ownTrack={settings.music_asset_id ? mediaAssets[settings.music_asset_id] : undefined}
                musicError={mediaErrors.music}
              />
            </div>
          </details>
        </aside>
      </div>

      <MediaPicker
        open={picker !== undefined}
        mode={picker?.mode ?? 'single'}
        initialKind={picker?.kind ?? 'image'}
        title={
          picker?.mode === 'single'
            ? `${picker.kind === 'video' ? 'A clip' : 'A photo'} for scene ${board.scenes.findIndex((scene) => scene.key === picker.key) + 1}`
            : 'Use my media'
        }
        sceneCount={board.scenes.length}
        onClose={() => setPicker(undefined)}
        onPick={(assets) => {
          setPickedAssets((current) => ({
            ...current,
            ...Object.fromEntries(assets.map((asset) => [asset.id, toMediaAsset(asset)])),
          }))
          if (picker?.mode === 'single') {
            const [asset] = assets
            const scene = board.scenes.find((item) => item.key === picker.key)
            if (!asset || !scene) return
            dispatch({ type: 'update', key: scene.key, changes: { media: chooseMediaAsset(scene.media, asset) } })
            focusRequest.current = { to: 'scene', key: scene.key, field: 'media' }
            return
          }
          const assignment = assignMediaToScenes(board.scenes, assets)
          if (assignment.replacing.length > 0) setPendingFill(assignment)
          else fillScenes(assignment)
        }}
      />

      <StockPicker
        open={stockScene !== undefined}
        projectId={project.id}
        sceneId={board.scenes.find((scene) => scene.key === stockScene)?.id}
        providers={stockProviders ?? []}
        title={`Stock for scene ${board.scenes.findIndex((scene) => scene.key === stockScene) + 1}`}
        onClose={() => setStockScene(undefined)}
        onPick={(asset) => {
          setPickedAssets((current) => ({ ...current, [asset.id]: toMediaAsset(asset) }))
          const scene = board.scenes.find((item) => item.key === stockScene)
          if (!scene) return
          dispatch({ type: 'update', key: scene.key, changes: { media: chooseMediaAsset(scene.media, asset) } })
          focusRequest.current = { to: 'scene', key: scene.key, field: 'media' }
        }}
      />

      <ConfirmDialog
        open={pendingFill !== undefined}
        title="Replace the media of some scenes?"
        confirmLabel="Replace"
        onClose={() => setPendingFill(undefined)}
        onConfirm={() => {
          if (pendingFill) fillScenes(pendingFill)
          setPendingFill(undefined)
        }}
      >
        <p>
          {pendingFill
            ? `${capitalizeFirst(listSceneNumbers(pendingFill.replacing))} already ${pendingFill.replacing.length === 1 ? 'shows' : 'show'} a photo or clip of ${pendingFill.replacing.length === 1 ? 'its' : 'their'} own. The items you chose take ${pendingFill.replacing.length === 1 ? 'its' : 'their'} place.`
            : null}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={regenerateOpen}
        title="Rewrite the storyboard?"
        confirmLabel="Rewrite scenes"
        tone="danger"
        busy={regenerating}
        onClose={() => setRegenerateOpen(false)}
        onConfirm={() => {
          setRegenerating(true)
          void (async () => {
            try {
              await autosave.flush()
              const next = await studioApi.regenerateStoryboard(project.id)
              dispatch({ type: 'reset', scenes: next.scenes })
              autosave.markSaved({ scenes: createStoryboardState(next.scenes).scenes, settings: next.settings })
              setSettings(next.settings)
              setPreviews({})
              keep(next)
              setRegenerateOpen(false)
            } catch {
              // The toast says why.
            } finally {
              setRegenerating(false)
            }
          })()
        }}
      >
        <p>
          Your scenes are written again from the original {project.source.kind} with the current settings. Edits you
          made to the scenes are replaced.
        </p>
      </ConfirmDialog>
    </div>
  )
}
