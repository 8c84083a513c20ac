import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

/** React marks every DOM node it has rendered or hydrated with a fiber key; the prerendered HTML has none. */
function isOwnedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber'))
}

/** The prerendered markup of an island that React has not taken over yet; undefined on a client render. */
function readPrerenderedHtml(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById(id)
  return element && !isOwnedByReact(element) ? element.innerHTML : undefined
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
