export type ManifestIcon = {
  src: string
  sizes: string
  type: 'image/png' | 'image/svg+xml'
  purpose?: 'any' | 'maskable'
}

export const THEME_COLOR = '#07060d'

/** @see https://developer.mozilla.org/docs/Web/Manifest */
export function createWebManifest({
  name,
  shortName,
  description,
  icons,
}: {
  name: string
  shortName: string
  description: string
  icons: readonly ManifestIcon[]
}): string {
  const manifest = {
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons,
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
