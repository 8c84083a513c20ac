// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { ProjectSummary } from '@storyreel/contracts/studio'

import { mockApi, QueryWrapper, signIn } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import ProjectsRoute from './projects.tsx'

function renderProjects() {
  const Stub = createRoutesStub([
    {
      path: '/app/projects',
      Component: () => (
        <QueryWrapper>
          <ProjectsRoute />
        </QueryWrapper>
      ),
    },
  ])
  return render(<Stub initialEntries={['/app/projects']} />)
}

const PROJECT: ProjectSummary = {
  id: '5f0c7c1e-2d4b-4e55-8a8e-0d1f4c3b2a10',
  title: 'The lighthouse keeper',
  status: 'ready',
  style: 'watercolor',
  aspect_ratio: '9:16',
  duration_seconds: 18,
  scene_count: 4,
  thumbnail_url: null,
  created_at: '2025-05-01T10:00:00.000Z',
  updated_at: '2025-05-01T10:05:00.000Z',
}

describe('/app/projects', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('invites a new user to create the first video', async () => {
    mockApi(() => ({ body: { projects: [] } }))
    renderProjects()
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeTruthy()
    const links = screen.getAllByRole('link', { name: /Create/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/app/create', '/app/create'])
  })

  it('shows each project with its status, length, scenes and actions', async () => {
    mockApi(() => ({ body: { projects: [PROJECT] } }))
    renderProjects()
    const list = await screen.findByRole('list', { name: 'Projects' })
    const card = within(list).getByRole('listitem')
    expect(within(card).getByRole('link', { name: 'The lighthouse keeper' }).getAttribute('href')).toBe(
      `/app/projects/${PROJECT.id}`,
    )
    expect(card.textContent).toContain('Ready')
    expect(card.textContent).toContain('0:18')
    expect(card.textContent).toContain('4 scenes')
    expect(within(card).getByRole('button', { name: 'Duplicate The lighthouse keeper' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Delete The lighthouse keeper' })).toBeTruthy()
    expect(card.querySelector('time')?.getAttribute('title')).toMatch(/2025/)
  })

  it('offers a retry when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', code: 'INTERNAL', message: 'Boom' },
    }))
    renderProjects()
    expect((await screen.findByRole('alert')).textContent).toContain('Your projects could not be loaded.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
