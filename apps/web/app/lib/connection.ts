/**
 * The Network Information API (Chromium only): `effectiveType` and the data-saver flag. Browsers without it
 * count as a fast connection with data saver off.
 * @see https://developer.mozilla.org/en-US/docs/Web/API/NetworkInformation
 */
export type ConnectionInfo = { effectiveType?: string; saveData?: boolean }

export function readConnection(nav: Navigator | undefined = globalThis.navigator): ConnectionInfo {
  const connection = (nav as (Navigator & { connection?: ConnectionInfo }) | undefined)?.connection
  return { effectiveType: connection?.effectiveType, saveData: connection?.saveData === true }
}

/** On slow-2g the build manifest is fetched only when a navigation needs it. */
export function isSlow2g(connection: ConnectionInfo): boolean {
  return connection.effectiveType === 'slow-2g'
}

/** No prefetch with data saver on, or on 2g and slower. */
export function allowsPrefetch(connection: ConnectionInfo): boolean {
  return !connection.saveData && connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g'
}
