import Bowser from 'bowser'

/** Longer User-Agent headers are cut here before they are stored; real ones stay well under it. */
export const USER_AGENT_MAX_LENGTH = 512

export type DeviceDescription = { device: string; browser: string | null; os: string | null }

/** The header as stored: control characters dropped, length bounded, nothing stored for an empty one. */
export function toStoredUserAgent(header: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = header?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? ''
  return clean ? clean.slice(0, USER_AGENT_MAX_LENGTH) : null
}

const DESKTOPS: Record<string, string> = {
  macOS: 'Mac',
  Windows: 'Windows PC',
  Linux: 'Linux computer',
  'Chrome OS': 'Chromebook',
}

/**
 * What a person recognises a session by ("iPhone", "Chrome 131", "iOS 18.1"), read from its User-Agent with
 * bowser. A header that names nothing we know is an "Unknown device", never a guess.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { device: 'Unknown device', browser: null, os: null }
  const { browser, os, platform } = Bowser.parse(userAgent)
  const osName = os.name ?? ''
  const deviceFor = () => {
    if (platform.model) return platform.model
    if (osName === 'Android') return platform.type === 'tablet' ? 'Android tablet' : 'Android phone'
    if (platform.type === 'desktop') return DESKTOPS[osName] ?? 'Computer'
    if (platform.type === 'mobile') return 'Phone'
    if (platform.type === 'tablet') return 'Tablet'
    return 'Unknown device'
  }
  const major = browser.version?.split('.')[0]
  // macOS browsers freeze the version they report (10.15.7 for years), so only the name is honest.
  const osVersion = osName === 'macOS' ? '' : (os.versionName ?? os.version ?? '')
  return {
    device: deviceFor(),
    browser: browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : null,
    os: osName ? `${osName}${osVersion ? ` ${osVersion}` : ''}` : null,
  }
}
