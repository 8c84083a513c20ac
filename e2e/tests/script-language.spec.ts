import { expect, test } from '@playwright/test'

import { ProjectSchema } from '@storyreel/contracts/studio'

import { createUser, signInAs } from './auth-fixtures.ts'

const SPANISH_SCRIPT =
  'Cada mañana, Lucía abre su pequeña floristería en Sevilla. Vende rosas y girasoles a los vecinos del barrio. ' +
  'Los sábados, la tienda se llena de color.'
const WARNING = 'This voice speaks English; your script is in Spanish. Choose a Spanish voice'

test('a Spanish script is recognised, given a Spanish voice, and an English voice is warned about', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const user = await createUser(request)
  await signInAs(page, user)
  await page.goto('/app/create')

  await page.getByRole('radio', { name: 'Full script' }).check()
  await page.getByRole('textbox', { name: /paste your narration/i }).fill(SPANISH_SCRIPT)
  await expect(page.getByText('Spanish, detected from your words')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('es')

  const voices = page.getByRole('group', { name: 'Voice' })
  await expect(voices.getByRole('radio', { name: /^Lucía/ })).toBeChecked()
  const warning = page.getByTestId('voice-language-warning')
  await expect(warning).toBeEmpty()

  // An English voice: the form says so in plain words, and one click puts a Spanish voice back.
  await voices.getByRole('radio', { name: /^Ryan/ }).check()
  await expect(warning).toContainText(WARNING)
  await warning.getByRole('button', { name: /^Use Lucía/ }).click()
  await expect(voices.getByRole('radio', { name: /^Lucía/ })).toBeChecked()
  await expect(warning).toBeEmpty()

  await page.getByRole('button', { name: 'Create storyboard' }).click()
  await page.waitForURL(/\/app\/projects\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').at(-1) ?? ''
  const saved = await request.get(`/api/v1/projects/${id}`, {
    headers: { authorization: `Bearer ${user.access_token}` },
  })
  expect(ProjectSchema.parse(await saved.json()).settings).toMatchObject({ language: 'es', voice_id: 'es-es-lucia' })

  // In the studio, an English voice is warned about beside Render too, without blocking it.
  await page.getByText('Video settings').click()
  await page.getByRole('group', { name: 'Voice' }).getByRole('radio', { name: /^Ryan/ }).check()
  await expect(page.getByTestId('render-note')).toContainText(WARNING)
  await expect(page.getByRole('button', { name: 'Render video' })).not.toHaveAttribute('aria-disabled', 'true')
})
