/**
 * Prerendered pages are complete HTML, so their JavaScript only adds behaviour. This rewrites React
 * Router's hydration script to start after the page has loaded and painted, and drops its modulepreload
 * hints and the manifest link, so neither script downloads nor the manifest compete with the first paint
 * (decisions 007 and 065), and the route-discovery marker its links carry for nothing here (decision 066).
 * Links work natively until hydration; the app area's SPA fallback is left as it is.
 */
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g
/**
 * The web app manifest is only for installing the site, yet a browser that checks installability (Chrome with
 * DevTools attached, Lighthouse among them) fetches it while the first paint is still being prepared. Dropped from
 * the HTML, it comes back with hydration: React renders root's links and inserts the missing one (decision 065).
 */
const MANIFEST_LINK = /<link rel="manifest" href="[^"]+"\/>/g
/**
 * React Router marks each in-app link for lazy route discovery, which only runs with server rendering: these
 * pages are prerendered (`ssr: false`, discovery "initial"), so the marker is dead weight on every link. React
 * escapes quotes in text and attribute values, so the exact attribute can only be an attribute.
 */
const DISCOVER_MARKER = / data-discover="true"/g
const INITIAL_DISCOVERY = '"routeDiscovery":{"mode":"initial"}'

/** The longest hydration waits after load for a first paint that may never come (a page with nothing to paint). */
const PAINT_WAIT_MS = 3000

export class HydrationScriptError extends Error {}

export function deferHydration(html: string): string {
  const match = HYDRATION_SCRIPT.exec(html)
  if (!match) throw new HydrationScriptError('React Router hydration script not found')
  const lines = (match[1] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const imports: Array<{ name?: string; url: string }> = []
  const statements: string[] = []
  let entry: string | undefined
  for (const line of lines) {
    const namespace = /^import \* as ([A-Za-z_$][\w$]*) from "([^"]+)";$/.exec(line)
    const sideEffect = /^import "([^"]+)";$/.exec(line)
    const dynamic = /^import\("([^"]+)"\);$/.exec(line)
    if (namespace) imports.push({ name: namespace[1], url: namespace[2] ?? '' })
    else if (sideEffect) imports.push({ url: sideEffect[1] ?? '' })
    else if (dynamic) entry = dynamic[1]
    else if (/^import\b/.test(line)) throw new HydrationScriptError(`unexpected import in hydration script: ${line}`)
    else statements.push(line)
  }
  if (
    !entry ||
    !imports.some((item) => item.name) ||
    !statements.some((line) => line.includes('__reactRouterRouteModules'))
  ) {
    throw new HydrationScriptError('React Router hydration script has an unexpected shape')
  }
  const bindings = imports.map((item, index) => (item.name ? `var ${item.name}=m[${index}];` : '')).join('')
  const script = [
    `function h(){Promise.all([${imports.map((item) => `import(${JSON.stringify(item.url)})`).join(',')}]).then(function(m){`,
    `${bindings}${statements.join('')}return import(${JSON.stringify(entry)})})}`,
    // Once, after the first contentful paint has been presented (the paint timing entry), or after the next
    // frame where a browser does not time paints. A frame's requestAnimationFrame runs before its paint is
    // presented: with software compositing that was tens of ms early, and the downloads began before the paint.
    `var d=0;function g(){if(!d){d=1;setTimeout(h,0)}}`,
    `function s(){var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0){`,
    `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}}).observe({type:'paint',buffered:true});`,
    `setTimeout(g,${PAINT_WAIT_MS})}else requestAnimationFrame(function(){setTimeout(g,0)})}`,
    `if(document.readyState==='complete')s();else addEventListener('load',s,{once:true})`,
  ].join('')
  const deferred = html
    .replace(match[0], () => `<script type="module">${script}</script>`)
    .replace(MODULE_PRELOAD, '')
    .replace(MANIFEST_LINK, '')
  return html.includes(INITIAL_DISCOVERY) ? deferred.replace(DISCOVER_MARKER, '') : deferred
}
