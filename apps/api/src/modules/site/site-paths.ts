/** The build's hashed-assets folder: cached forever, and a miss there sends the visitor home. */
export const ASSETS_PREFIX = '/assets/'
