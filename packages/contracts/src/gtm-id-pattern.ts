/**
 * A Tag Manager container id is GTM- followed by uppercase letters or digits. Apart from the site-config
 * schema so the browser can check an id without bundling the validator.
 */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/
