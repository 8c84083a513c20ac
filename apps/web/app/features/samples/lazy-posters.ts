/**
 * A <video> only fetches its poster eagerly, so the sample players name theirs in `data-poster` and this sets
 * the real attribute once a player comes within a screen of the viewport: a page of samples fetches only the
 * pictures a visitor scrolls towards. Players drawn later (a client-side navigation) are picked up as they appear.
 */
export function installLazyPosters(root: HTMLElement): () => void {
  const intersection = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLVideoElement)) continue
        const poster = entry.target.dataset.poster
        if (poster) entry.target.poster = poster
        intersection.unobserve(entry.target)
      }
    },
    { rootMargin: '100% 0px' },
  )
  const watch = () => {
    for (const video of root.querySelectorAll<HTMLVideoElement>('video[data-poster]:not([poster])')) {
      intersection.observe(video)
    }
  }
  const mutations = new MutationObserver(watch)
  mutations.observe(root, { childList: true, subtree: true })
  watch()
  return () => {
    mutations.disconnect()
    intersection.disconnect()
  }
}
