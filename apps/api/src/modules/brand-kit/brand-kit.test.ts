import { readdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AssetSchema } from '@storyreel/contracts/assets'
import { BrandKitSchema, contrastWithWhite, DEFAULT_BRAND_COLOURS } from '@storyreel/contracts/brand-kit'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { DEFAULT_PROJECT_SETTINGS, ProjectSchema } from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { users } from '@storyreel/db/schema'

import { FONT_FILES, makeRenamedFont } from '@storyreel/engine/testing/font-fixtures'

import { createMultipartUpload } from '#src/testing/multipart.ts'
import { createTestApp, GOOD_PASSWORD, type TestApp } from '#src/testing/test-app.ts'

const require = createRequire(import.meta.url)
/** A real font in two of the accepted formats, from the package the web app serves Inter from. */
const interFile = (file: string) =>
  readFile(path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files', file))

describe('/api/v1/brand-kit', () => {
  let t: TestApp
  let headers: { authorization: string }
  let userId: string
  let email: string

  const upload = async (url: string, content: Buffer, filename: string, as = headers, method = 'POST') => {
    const { payload, headers: multipart } = createMultipartUpload(content, { filename })
    return t.app.inject({ method: method as 'POST' | 'PUT', url, payload, headers: { ...multipart, ...as } })
  }
  const uploadAsset = async (content: Buffer, filename: string, as = headers) => {
    const response = await upload('/api/v1/assets', content, filename, as)
    expect(response.statusCode, response.body).toBe(201)
    return AssetSchema.parse(response.json())
  }
  const put = (payload: unknown, as = headers) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/brand-kit', headers: as, payload: payload as object })
  const fontsDir = () => path.join(t.dataDir, 'media', 'brand-kits', userId)

  beforeAll(async () => {
    t = await createTestApp()
    const user = await t.createUser()
    headers = t.auth(user.access_token)
    userId = user.id
    email = user.email
  })
  afterAll(() => t.close())

  it('answers the defaults before the owner saves anything, all of them legible', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brand-kit', headers })
    expect(response.statusCode, response.body).toBe(200)
    const kit = BrandKitSchema.parse(response.json())
    expect(kit).toMatchObject({ logo: null, font: null, colours: DEFAULT_BRAND_COLOURS, updated_at: null })
    expect(kit.opening_card.enabled).toBe(false)
    expect(kit.contrast.every((check) => check.passes)).toBe(true)
  })

  it('saves colours that fail contrast, flags each use, and offers a legible shade of the same hue', async () => {
    const response = await put({ colours: { primary: '#FACC15', accent: '#38bdf8' } })
    expect(response.statusCode, response.body).toBe(200)
    const kit = BrandKitSchema.parse(response.json())
    expect(kit.colours).toEqual({ primary: '#facc15', accent: '#38bdf8' })
    const highlight = kit.contrast.find((check) => check.use === 'caption_highlight')
    expect(highlight).toMatchObject({ colour: '#38bdf8', minimum: 4.5, passes: false })
    expect(highlight?.ratio).toBeLessThan(2.5)
    const card = kit.contrast.find((check) => check.use === 'card_text')
    expect(card).toMatchObject({ minimum: 3, passes: false })
    for (const check of kit.contrast) {
      // The suggestion passes, and is the same colour darkened, not another one (blue stays blue).
      expect(contrastWithWhite(check.suggestion ?? '')).toBeGreaterThanOrEqual(check.minimum)
    }
    const { r, g, b } = hex(highlight?.suggestion ?? '')
    expect(b).toBeGreaterThan(r + 60)
    expect(b).toBeGreaterThan(g)
    // Saved: read back as sent.
    const again = BrandKitSchema.parse((await t.app.inject({ url: '/api/v1/brand-kit', headers })).json())
    expect(again.colours.primary).toBe('#facc15')
    expect(again.updated_at).not.toBeNull()
  })

  it('refuses what is not a colour, and a card switched on without its words', async () => {
    const colour = await put({ colours: { primary: 'red' } })
    expect(colour.statusCode).toBe(400)
    expect(ApiErrorSchema.parse(colour.json()).code).toBe('VALIDATION_FAILED')
    const card = await put({ closing_card: { enabled: true, call_to_action: '' } })
    expect(card.statusCode).toBe(400)
    expect(JSON.stringify(card.json())).toMatch(/call to action/u)
    const long = await put({ opening_card: { enabled: true, headline: 'x'.repeat(61) } })
    expect(long.statusCode).toBe(400)
    const seconds = await put({ closing_card: { enabled: true, call_to_action: 'Book now', seconds: 9 } })
    expect(seconds.statusCode).toBe(400)
  })

  it('takes a PNG logo from the library, and refuses a JPEG or another account’s file', async () => {
    const red = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 230, g: 20, b: 20, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const logo = await uploadAsset(red, 'Logo.png')
    const saved = await put({
      logo: { asset_id: logo.id, position: 'bottom-left', size: 0.2 },
      opening_card: { enabled: true, headline: 'Rosa’s Flowers' },
      closing_card: { enabled: true, call_to_action: 'Visit us on Saturday', contact: 'rosas.example', voiced: true },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const kit = BrandKitSchema.parse(saved.json())
    expect(kit.logo).toEqual({ asset_id: logo.id, position: 'bottom-left', size: 0.2, opacity: 0.9 })
    expect(kit.logo_url).toMatch(/^\/api\/v1\/media\//u)
    expect(kit.closing_card).toMatchObject({ enabled: true, voiced: true, seconds: 3 })

    const photo = await uploadAsset(await sharp(red).jpeg().toBuffer(), 'Photo.jpg')
    const jpeg = await put({ logo: { asset_id: photo.id } })
    expect(jpeg.statusCode).toBe(422)
    expect(ApiErrorSchema.parse(jpeg.json()).code).toBe('LOGO_FORMAT')

    const other = t.auth((await t.createUser()).access_token)
    const theirs = await uploadAsset(red, 'Their logo.png', other)
    const stolen = await put({ logo: { asset_id: theirs.id } })
    expect(stolen.statusCode).toBe(404)
    expect(ApiErrorSchema.parse(stolen.json()).code).toBe('ASSET_NOT_FOUND')
    // Neither refusal changed the kit.
    const kept = BrandKitSchema.parse((await t.app.inject({ url: '/api/v1/brand-kit', headers })).json())
    expect(kept.logo?.asset_id).toBe(logo.id)

    // Out of the library, the logo is no longer shown, and the kit says so.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/assets/${logo.id}`, headers })).statusCode).toBe(204)
    const gone = BrandKitSchema.parse((await t.app.inject({ url: '/api/v1/brand-kit', headers })).json())
    expect(gone.logo?.asset_id).toBe(logo.id)
    expect(gone.logo_url).toBeNull()
  })

  it('keeps the own font for paid plans: free accounts are told so', async () => {
    const response = await upload(
      '/api/v1/brand-kit/font',
      await interFile('inter-latin-700-normal.woff2'),
      'Inter.woff2',
      headers,
      'PUT',
    )
    expect(response.statusCode).toBe(403)
    expect(ApiErrorSchema.parse(response.json()).code).toBe('BRAND_FONT_NOT_IN_PLAN')
  })

  it('reads a font by parsing it, keeps one file, and refuses a zip renamed .ttf', async () => {
    // A paid account from here on: its plan set in the database, then signed in afresh to read it.
    await t.db.db.update(users).set({ plan: 'paid' }).where(eq(users.id, userId))
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: GOOD_PASSWORD },
    })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    headers = t.auth(signedIn.json<{ access_token: string }>().access_token)
    // On a fresh install a font can be the first file anyone uploads: no scratch folder exists yet.
    await rm(path.join(t.dataDir, 'media', 'scratch'), { recursive: true, force: true })
    const woff2 = await upload(
      '/api/v1/brand-kit/font',
      await interFile('inter-latin-700-normal.woff2'),
      'Brand.woff2',
      headers,
      'PUT',
    )
    expect(woff2.statusCode, woff2.body).toBe(200)
    expect(BrandKitSchema.parse(woff2.json()).font).toMatchObject({ family: 'Inter', format: 'woff2' })
    // A second font replaces the first: one file in the kit's folder.
    const woff = await upload(
      '/api/v1/brand-kit/font',
      await interFile('inter-latin-400-italic.woff'),
      'Brand.woff',
      headers,
      'PUT',
    )
    expect(woff.statusCode, woff.body).toBe(200)
    expect(BrandKitSchema.parse(woff.json()).font).toMatchObject({ family: 'Inter', format: 'woff' })
    expect(await readdir(fontsDir())).toHaveLength(1)

    // A ZIP archive (its local-file signature and a stored entry), named like a font.
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 7)])
    const refused = await upload('/api/v1/brand-kit/font', zip, 'Brand.ttf', headers, 'PUT')
    expect(refused.statusCode).toBe(415)
    expect(ApiErrorSchema.parse(refused.json())).toMatchObject({ code: 'FONT_UNREADABLE' })
    const text = await upload('/api/v1/brand-kit/font', Buffer.from('not a font at all'), 'Brand.otf', headers, 'PUT')
    expect(text.statusCode).toBe(415)
    // A real font whose own names claim one of ours: the renderer would refuse it, so the upload does.
    const renamed = path.join(t.dataDir, 'renamed.ttf')
    await makeRenamedFont(FONT_FILES.ttf, 'StoryReel Inter', renamed)
    const claimed = await upload('/api/v1/brand-kit/font', await readFile(renamed), 'Brand.ttf', headers, 'PUT')
    expect(claimed.statusCode, claimed.body).toBe(415)
    expect(ApiErrorSchema.parse(claimed.json()).message).toContain('a name kept for StoryReel')
    // The refused files changed nothing.
    const kit = BrandKitSchema.parse((await t.app.inject({ url: '/api/v1/brand-kit', headers })).json())
    expect(kit.font?.format).toBe('woff')
    expect(await readdir(fontsDir())).toHaveLength(1)

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/brand-kit/font', headers })
    expect(removed.statusCode).toBe(200)
    expect(BrandKitSchema.parse(removed.json()).font).toBeNull()
    expect(await readdir(fontsDir())).toHaveLength(0)
  })

  it('has a new project’s scenes written to the time its cards leave of the 90 s', async () => {
    const saved = await put({
      opening_card: { enabled: true, headline: 'Fresh bread every morning', seconds: 3 },
      closing_card: { enabled: true, call_to_action: 'Visit us', seconds: 4 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'prompt', text: 'A 90 second ad for a neighbourhood bakery that bakes sourdough at dawn' },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 90 },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const project = ProjectSchema.parse(created.json())
    const scenes = project.scenes.reduce((sum, scene) => sum + scene.duration, 0)
    expect(scenes).toBeGreaterThan(60)
    expect(scenes + 3 + 4).toBeLessThanOrEqual(90)
    // The asked length stays the project's; only the draft made room for the cards.
    expect(project.settings.target_seconds).toBe(90)
    await put({})
  })

  it('answers only signed-in, confirmed accounts, and its files go with the account', async () => {
    expect((await t.app.inject({ url: '/api/v1/brand-kit' })).statusCode).toBe(401)
    const response = await upload(
      '/api/v1/brand-kit/font',
      await interFile('inter-latin-700-normal.woff2'),
      'Brand.woff2',
      headers,
      'PUT',
    )
    expect(response.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me', headers })
    expect(me.statusCode, me.body).toBe(204)
    await expect(readdir(fontsDir())).rejects.toThrow()
  })
})

function hex(colour: string) {
  const value = Number.parseInt(colour.slice(1), 16)
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 }
}
