// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { startTransition, use } from 'react'
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

/** The prerendered page: an island holding <Content /> and whatever follows it, in the document. */
function prerender(id: string, after?: React.ReactNode): HTMLDivElement {
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    <Page>
      <StaticIsland id={id}>
        <Content />
      </StaticIsland>
      {after}
    </Page>,
  )
  document.body.append(container)
  return container
}

describe('StaticIsland', () => {
  it('keeps the prerendered HTML on hydration without rendering its children', async () => {
    const container = prerender('island')
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

  it('keeps the prerendered HTML when React restarts the hydration after it already passed the island', async () => {
    // A render that suspends after the island is thrown away and started again: by then React has marked the
    // island's element as its own, though nothing was committed. Under load this is what a busy phone does.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    function After() {
      use(gate)
      return <p>After the island</p>
    }
    const container = prerender('island-restarted', <p>After the island</p>)
    const errors: unknown[] = []
    await act(async () => {
      startTransition(() => {
        hydrateRoot(
          container,
          <Page>
            <StaticIsland id="island-restarted">
              <MustNotRender />
            </StaticIsland>
            <After />
          </Page>,
          { onRecoverableError: (error) => errors.push(error) },
        )
      })
    })
    await act(async () => {
      release()
      await gate
    })
    expect(errors).toEqual([])
    expect(container.querySelector('#island-restarted')?.textContent).toBe('Prerendered words and a link to pricing')
    expect(container.textContent).toContain('After the island')
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
