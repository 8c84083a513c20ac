import { z } from 'zod'

/** A Tag Manager container id is GTM- followed by uppercase letters or digits. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/

/**
 * What the web build tells the server about itself (`build/site-config.json`): the server's CSP lets in
 * Tag Manager only when the pages were built with a container id.
 */
export const SiteConfigSchema = z.object({
  gtmId: z.string().regex(GTM_ID_PATTERN, 'must be GTM- followed by uppercase letters or digits').nullable(),
})

export type SiteConfig = z.infer<typeof SiteConfigSchema>
