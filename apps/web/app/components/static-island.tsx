import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

/** React marks every DOM node it has rendered or hydrated with a fiber key; the prerendered HTML has none. */
function isOwnedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber'))
}

/**
 * Each island's prerendered markup as first read. React marks a node as its own while it renders, before
 * anything is committed, and a hydration it throws away and starts again (it suspended further on, which a
 * busy phone makes likely) reads the island a second time: that read must still find the prerendered markup,
 * or the island renders its children, the page no longer matches and React renders the whole document anew.
 */
const prerenderedHtml = new Map<string, string>()

/** The prerendered markup of an island on this page; undefined on a client render (no such element yet). */
function readPrerenderedHtml(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById(id)
  if (!element) return undefined
  const kept = prerenderedHtml.get(id)
  if (kept !== undefined) return kept
  if (isOwnedByReact(element)) return undefined
  const html = element.innerHTML
  prerenderedHtml.set(id, html)
  return html
}

/** A plain click on a link to a page of this site, which the router should handle without a reload. */
function getInternalLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin) return undefined
  // A jump within this page (#section) is the browser's to make.
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search
  return samePage && url.hash ? undefined : link
}

/**
 * Markup that never changes after the build: on the page load it keeps the prerendered HTML as it is and
 * never needs the components that made it, so their code (`children`, usually lazy) loads only when the
 * island is rendered in the browser, after a client-side navigation (it provides the Suspense boundary for
 * them). Links inside go through the router.
 * Nothing inside may need React: no state, no handlers (native <details>, <video> and links are fine).
 */
export function StaticIsland({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const [prerendered] = useState(() => readPrerenderedHtml(id))

  useEffect(() => {
    const island = ref.current
    if (!island) return
    const onClick = (event: MouseEvent) => {
      const link = getInternalLink(event)
      if (!link) return
      event.preventDefault()
      const url = new URL(link.href)
      void navigate(`${url.pathname}${url.search}${url.hash}`)
    }
    island.addEventListener('click', onClick)
    return () => island.removeEventListener('click', onClick)
  }, [navigate])

  if (prerendered !== undefined) {
    return <div ref={ref} id={id} className={className} dangerouslySetInnerHTML={{ __html: prerendered }} />
  }
  return (
    <div ref={ref} id={id} className={className}>
      {/*
       * In the browser the children are usually lazy, so they may suspend. The prerender renders them directly:
       * inside a Suspense boundary, React streams a large one out of order (hidden, then moved by an inline
       * script), and the page would show nothing there before, or without, JavaScript.
       */}
      {typeof document === 'undefined' ? children : <Suspense fallback={null}>{children}</Suspense>}
    </div>
  )
}
