/** Which build this bundle is: the id and time `vite.config.ts` stamped on it (`builds/latest.json` names the live one). */
export type BuildInfo = { id: string; timestamp: number }

declare const __BUILD__: BuildInfo

export const BUILD: BuildInfo = __BUILD__
