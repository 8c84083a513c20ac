/**
 * Runs in <head> before any module: zod reads its settings from this global when it loads. Left alone, zod
 * probes `new Function` to build faster parsers; the pages' CSP forbids eval, so the probe fails quietly but
 * the browser still reports a CSP violation. Jitless parsing skips the probe and is quick enough for the
 * few responses the browser checks. The server hashes this script into the CSP like every inline script.
 */
export const ZOD_JITLESS_SCRIPT =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})'
