import { z } from 'zod'

import { GTM_ID_PATTERN } from './gtm-id-pattern.ts'

/**
 * What the web build tells the server about itself (`build/site-config.json`): the server's CSP lets in
 * Tag Manager only when the pages were built with a container id.
 */
export const SiteConfigSchema = z.object({
  gtmId: z.string().regex(GTM_ID_PATTERN, 'must be GTM- followed by uppercase letters or digits').nullable(),
})

export type SiteConfig = z.infer<typeof SiteConfigSchema>
