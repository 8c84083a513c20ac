import type { PublicEnv } from './env-schema.ts'

declare const __PUBLIC_ENV__: PublicEnv

/** The public configuration, validated by `parseWebEnv` when Vite starts and inlined into the bundle. */
export const env: PublicEnv = __PUBLIC_ENV__
