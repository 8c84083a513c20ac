// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { StaticIsland } from './static-island.tsx'

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="*" element={<>{children}</>} />
      </Routes>
      <Where />
    </MemoryRouter>
  )
}

function Content() {
  return (
    <p>
      Prerendered words and a <a href="/pricing">link to pricing</a>
    </p>
  )
}

function MustNotRender(): never {
  throw new Error('the island rendered its children during hydration')
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('StaticIsland', () => {
  it('keeps the prerendered HTML on hydration without rendering its children', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <Page>
        <StaticIsland id="island">
          <Content />
        </StaticIsland>
      </Page>,
    )
    document.body.append(container)
    const errors: unknown[] = []
    await act(async () => {
      hydrateRoot(
        container,
        <Page>
          <StaticIsland id="island">
            <MustNotRender />
          </StaticIsland>
        </Page>,
        { onRecoverableError: (error) => errors.push(error) },
      )
    })
    expect(errors).toEqual([])
    expect(container.querySelector('#island')?.textContent).toBe('Prerendered words and a link to pricing')

    // Its links go through the router rather than reloading the page.
    await act(async () => screen.getByRole('link', { name: 'link to pricing' }).click())
    expect(screen.getByTestId('where').textContent).toBe('/pricing')
  })

  it('renders its children when there is no prerendered HTML (a client-side navigation)', () => {
    render(
      <Page>
        <StaticIsland id="island">
          <Content />
        </StaticIsland>
      </Page>,
    )
    expect(screen.getByText(/Prerendered words/)).toBeTruthy()
  })
})
