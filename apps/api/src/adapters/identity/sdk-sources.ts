import type { IdentityConfig } from '#src/config.ts'
import type { ExternalSources } from '#src/plugins/security-headers.ts'

/**
 * What the browser SDKs of the configured providers need in the site's CSP: Google Identity Services
 * (script, stylesheet, its iframe and calls under /gsi/) and Sign in with Apple JS (script, popup frame).
 * An unconfigured provider adds nothing. Discord needs none: it is a plain redirect.
 * @see https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy
 */
export function getSignInSdkSources(identity: IdentityConfig): ExternalSources {
  const script: string[] = []
  const style: string[] = []
  const connect: string[] = []
  const frame: string[] = []
  if (identity.google) {
    script.push('https://accounts.google.com/gsi/client')
    style.push('https://accounts.google.com/gsi/style')
    connect.push('https://accounts.google.com/gsi/')
    frame.push('https://accounts.google.com/gsi/')
  }
  if (identity.apple) {
    script.push('https://appleid.cdn-apple.com')
    connect.push('https://appleid.apple.com')
    frame.push('https://appleid.apple.com')
  }
  return { script, style, connect, frame }
}
