/** The query a page-data request carries, so a CDN or cache can tell builds apart. */
export const BUILD_ID_PARAM = '_b'

/** Adds the build id to a same-origin `.data` URL; other URLs come back unchanged. */
export function addBuildIdToDataUrl(url: URL, origin: string, buildId: string): URL {
  if (url.origin !== origin || !url.pathname.endsWith('.data') || url.searchParams.has(BUILD_ID_PARAM)) return url
  const tagged = new URL(url)
  tagged.searchParams.append(BUILD_ID_PARAM, buildId)
  return tagged
}

/**
 * React Router fetches page data with the global `fetch` and offers no hook to change that URL
 * (remix-run/react-router discussion #15184), so a thin wrapper adds the build id to `.data` requests.
 */
export function installDataBuildId(win: Window, buildId: string): void {
  const original = win.fetch.bind(win)
  win.fetch = (input, init) => {
    if (typeof input === 'string' || input instanceof URL) {
      const url = new URL(input, win.location.href)
      const tagged = addBuildIdToDataUrl(url, win.location.origin, buildId)
      if (tagged !== url) return original(tagged, init)
    }
    return original(input, init)
  }
}
