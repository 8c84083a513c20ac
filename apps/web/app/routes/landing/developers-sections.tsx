import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { API_KEY_PREFIX, API_KEY_SCOPE_INFO } from '@storyreel/contracts/api-keys'
import { BATCH_COLUMN_HELP, BATCH_COLUMNS, BATCH_CSV_MAX_BYTES, BATCH_MAX_ROWS } from '@storyreel/contracts/batches'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@storyreel/contracts/videos'
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_INFO,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@storyreel/contracts/webhooks'

import { CodeBlock } from '#app/components/code-block.tsx'
import { formatSize } from '#app/lib/format-size.ts'
import { absoluteUrl } from '#app/lib/seo.ts'

import {
  getBatchCsv,
  getBatchCurl,
  getErrorExample,
  getMcpCommand,
  getMcpDesktopConfig,
  getMcpHttpConfig,
  getVideoCurl,
  getVideoFetch,
  getWebhookPayload,
  getWebhookReceiver,
} from './developers-examples.ts'

/**
 * The developers page's sections. Plain markup (the copy buttons work through a delegated listener), so the page
 * keeps them as a static island and this module, with the contracts it reads, loads only after a client-side
 * navigation.
 */

/** Calls a key may make in a minute: the API's default (API_KEY_RATE_LIMIT_PER_MINUTE), stated by its docs too. */
const KEY_CALLS_PER_MINUTE = 120

export const DEVELOPER_SECTIONS = [
  { id: 'api-keys', title: 'Get an API key' },
  { id: 'one-call-video', title: 'A video in one call' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'mcp', title: 'AI assistants (MCP)' },
  { id: 'batches', title: 'A batch from a CSV' },
  { id: 'limits', title: 'Limits and errors' },
] as const

type SectionId = (typeof DEVELOPER_SECTIONS)[number]['id']

/** "5 s", "2 min", "3 h": a wait between webhook tries, never split across lines. */
export function formatDelay(seconds: number): string {
  if (seconds < 60) return `${String(seconds)}\u00a0s`
  if (seconds < 3600) return `${String(seconds / 60)}\u00a0min`
  return `${String(seconds / 3600)}\u00a0h`
}

const ERRORS: ReadonlyArray<{ code: string; status: number; when: string }> = [
  { code: 'VALIDATION_FAILED', status: 400, when: 'The body or query is wrong; `message` lists each problem.' },
  { code: 'API_KEY_INVALID', status: 401, when: 'The key was revoked, or its account is disabled or deleted.' },
  { code: 'API_KEY_SCOPE', status: 403, when: 'The key lacks a scope the call needs; the message names it.' },
  {
    code: 'API_KEY_NOT_ALLOWED',
    status: 403,
    when: 'Account, password, session, key, webhook and admin calls need you signed in, never a key.',
  },
  { code: 'API_KEY_LIMIT', status: 403, when: 'The plan’s number of keys is in use.' },
  {
    code: 'RATE_LIMITED',
    status: 429,
    when: `More than ${String(KEY_CALLS_PER_MINUTE)} calls in a minute on one key; the message says when to try again.`,
  },
  { code: 'RENDER_LIMIT_REACHED', status: 429, when: 'The plan’s renders for today (UTC) are used up.' },
  { code: 'RESOLUTION_NOT_IN_PLAN', status: 403, when: 'The resolution asked for is above the plan’s.' },
  {
    code: 'STORYBOARD_INVALID',
    status: 422,
    when: 'The draft still holds a prompt for your own words: nothing renders, and the project is kept to fill in.',
  },
  { code: 'IDEMPOTENCY_KEY_REUSED', status: 422, when: 'The same Idempotency-Key came with another body.' },
  {
    code: 'IDEMPOTENCY_IN_PROGRESS',
    status: 409,
    when: 'The first call with this key is still running after 15 s; retry after Retry-After.',
  },
  { code: 'BATCH_INVALID', status: 422, when: 'Some rows are wrong; the message names each row and column.' },
  {
    code: 'BATCH_OVER_DAILY_LIMIT',
    status: 429,
    when: 'The batch has more rows than renders left today; the message gives both counts.',
  },
  {
    code: 'WEBHOOK_URL_NOT_ALLOWED',
    status: 422,
    when: 'The endpoint is plain http, or its host is or resolves to a private address.',
  },
  { code: 'WEBHOOK_LIMIT', status: 403, when: `The account has ${String(WEBHOOK_ENDPOINTS_MAX)} endpoints already.` },
]

const container = 'mx-auto max-w-6xl px-5 tablet:px-8'
const inlineCode = 'rounded-md bg-raised px-1.5 py-0.5 font-mono text-[0.85em] text-ink'

function Code({ children }: { children: ReactNode }) {
  return <code className={inlineCode}>{children}</code>
}

/** Backticks in the table's plain strings become inline code. */
function WithCode({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? <Code key={part}>{part}</Code> : part))
}

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = DEVELOPER_SECTIONS.find((section) => section.id === id)?.title
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 border-t border-line pt-10 first:border-0 first:pt-0"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink tablet:text-3xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-[15px] leading-relaxed text-muted">{children}</div>
    </section>
  )
}

/** Names in code type beside what they mean: one row each, the name above its meaning on phones. */
function TermList({
  label,
  termWidth,
  items,
}: {
  label: string
  termWidth: string
  items: ReadonlyArray<{ term: string; description: string }>
}) {
  return (
    <dl aria-label={label} className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {items.map((item) => (
        <div
          key={item.term}
          className="flex flex-col gap-1 px-4 py-3 tablet:flex-row tablet:items-baseline tablet:gap-4"
        >
          <dt className={`shrink-0 font-mono text-sm font-semibold text-ink ${termWidth}`}>{item.term}</dt>
          <dd className="text-sm">{item.description}</dd>
        </div>
      ))}
    </dl>
  )
}

function Contents({ className }: { className: string }) {
  return (
    <ol className={`space-y-2 text-sm ${className}`}>
      {DEVELOPER_SECTIONS.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="text-muted transition-colors hover:text-ink">
            {section.title}
          </a>
        </li>
      ))}
      <li>
        <a href="/api/docs" target="_blank" rel="noopener" className="text-muted transition-colors hover:text-ink">
          API reference ↗
        </a>
      </li>
    </ol>
  )
}

export function DevelopersSections() {
  const origin = absoluteUrl('')
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(55%_100%_at_50%_0%,rgb(124_58_237/0.2),transparent)]"
      />
      <header className={`${container} pb-10 pt-14 tablet:pt-20`}>
        <p className="eyebrow">Developers</p>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-ink tablet:text-5xl">
          Make videos from <span className="text-gradient">your own code</span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">
          The REST API does what the studio does. Make a video in one call, hear when it is ready through a signed
          webhook, send a spreadsheet of fifty, or let an AI assistant do it for you.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/app/profile" className="btn-primary">
            Get an API key
          </Link>
          <a href="/api/docs" target="_blank" rel="noopener" className="btn-secondary">
            API reference
          </a>
        </div>
      </header>

      <div className={`${container} pb-20`}>
        <div className="grid gap-10 desktop:grid-cols-[14rem_minmax(0,1fr)] desktop:gap-14">
          <nav aria-label="Developers contents" className="desktop:hidden">
            <details className="glass group rounded-2xl">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
                Contents
                <span aria-hidden="true" className="text-accent transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <Contents className="px-5 pb-5" />
            </details>
          </nav>
          <nav
            aria-label="Developers contents"
            className="glass hidden self-start rounded-2xl p-5 desktop:sticky desktop:top-24 desktop:block"
          >
            <p className="text-xs font-semibold uppercase tracking-wider text-muted">On this page</p>
            <Contents className="mt-3" />
          </nav>

          <div className="min-w-0 max-w-3xl space-y-12">
            <ApiKeysPart />
            <OneCallVideoPart origin={origin} />
            <WebhooksPart origin={origin} />
            <McpPart origin={origin} />
            <BatchesPart origin={origin} />
            <LimitsPart />
          </div>
        </div>
      </div>
    </div>
  )
}

function ApiKeysPart() {
  return (
    <Section id="api-keys">
      <p>
        Make a key on your{' '}
        <Link to="/app/profile" className="font-medium text-accent underline underline-offset-4">
          profile page
        </Link>{' '}
        under API keys: give it a name and the scopes it needs. The whole key is shown once, so copy it then; lists show
        only its first characters. Send it on every call:
      </p>
      <CodeBlock title="Header" code={`Authorization: Bearer ${API_KEY_PREFIX}…`} />
      <p>
        Each key may make {KEY_CALLS_PER_MINUTE} calls a minute. Voices, music, styles and your plan’s usage are
        readable by any key; everything else needs a scope:
      </p>
      <TermList
        label="Scopes"
        termWidth="tablet:w-36"
        items={API_KEY_SCOPE_INFO.map((info) => ({ term: info.scope, description: info.description }))}
      />
      <p>
        Keys never work for account, password, session, key, webhook or admin calls. A revoked key stops working at
        once, as does every key of a disabled or deleted account.
      </p>
    </Section>
  )
}

function OneCallVideoPart({ origin }: { origin: string }) {
  return (
    <Section id="one-call-video">
      <p>
        <Code>POST /api/v1/videos</Code> with a <Code>prompt</Code> (the writer drafts the script) or a{' '}
        <Code>script</Code> (your words, split into scenes) drafts the storyboard and queues its render. Optional:{' '}
        <Code>title</Code>, <Code>settings</Code>, <Code>template_id</Code>, <Code>brand</Code> and{' '}
        <Code>resolution</Code>. The key needs <Code>projects:write</Code> and <Code>renders:write</Code>, and{' '}
        <Code>projects:read</Code> to follow the render.
      </p>
      <p>
        The answer is <Code>202</Code> with <Code>project_id</Code>, <Code>render_id</Code> and <Code>status_url</Code>:
        GET it until <Code>status</Code> is <Code>succeeded</Code> (then <Code>outputs.download_url</Code> is the MP4),{' '}
        <Code>failed</Code> or <Code>canceled</Code>, or let a webhook tell you. Send an <Code>Idempotency-Key</Code> to
        retry safely: for {IDEMPOTENCY_KEY_TTL_HOURS} hours the same key and body get the first answer again, never a
        second video.
      </p>
      <CodeBlock title="curl" language="shell" code={getVideoCurl(origin)} />
      <CodeBlock title="JavaScript (Node 18+, fetch)" language="javascript" code={getVideoFetch(origin)} />
    </Section>
  )
}

function WebhooksPart({ origin }: { origin: string }) {
  return (
    <Section id="webhooks">
      <p>
        Add an endpoint under Webhooks on your{' '}
        <Link to="/app/profile" className="font-medium text-accent underline underline-offset-4">
          profile page
        </Link>
        : an <Code>https://</Code> address and the events it wants. Its signing secret (<Code>whsec_…</Code>) is shown
        once. Each event is a POST of <Code>{'{type, timestamp, data}'}</Code>, signed by the{' '}
        <a
          href="https://www.standardwebhooks.com"
          className="font-medium text-accent underline underline-offset-4"
          target="_blank"
          rel="noopener"
        >
          Standard Webhooks
        </a>{' '}
        scheme in the <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and <Code>webhook-signature</Code>{' '}
        headers. Verify it with that scheme’s library before you trust it:
      </p>
      <CodeBlock title="Verify a webhook (Node)" language="javascript" code={getWebhookReceiver()} />
      <h3 className="pt-2 text-lg font-semibold text-ink">Events</h3>
      <TermList
        label="Events"
        termWidth="tablet:w-40"
        items={WEBHOOK_EVENT_INFO.map((info) => ({ term: info.type, description: info.description }))}
      />
      <p>
        A render’s <Code>data</Code> carries its ids, status and links; download links are signed and expire, so GET{' '}
        <Code>links.self</Code> for fresh ones. A batch’s carries the batch.
      </p>
      <CodeBlock title="render.succeeded" language="json" code={getWebhookPayload(origin)} />
      <h3 className="pt-2 text-lg font-semibold text-ink">Retries</h3>
      <p>
        Answer with a 2xx within {WEBHOOK_TIMEOUT_SECONDS} seconds; redirects are not followed. A failed try is repeated
        after each of these waits, about a day in all:
      </p>
      <ol aria-label="Waits between tries" className="flex flex-wrap gap-2">
        {WEBHOOK_RETRY_SECONDS.map((seconds, index) => (
          <li
            key={seconds}
            className="rounded-full border border-line bg-surface px-3 py-1 font-mono text-xs font-semibold text-ink"
          >
            <span className="sr-only">Try {index + 2} after </span>
            {formatDelay(seconds)}
          </li>
        ))}
      </ol>
      <p>
        The <Code>webhook-id</Code> stays the same on every try, so a receiver can skip one it has already handled. An
        endpoint that fails for {WEBHOOK_DISABLE_AFTER_DAYS} days is turned off and you get an e-mail; turning it on
        again sends what waited. Each endpoint’s delivery log keeps {WEBHOOK_LOG_DAYS} days of tries (time, status,
        latency, the start of the answer) with a button to send one again.
      </p>
    </Section>
  )
}

function McpPart({ origin }: { origin: string }) {
  return (
    <Section id="mcp">
      <p>
        AI assistants make videos through the Model Context Protocol with an API key. The tools:{' '}
        <Code>create_video</Code>, <Code>get_video</Code>, <Code>list_videos</Code>, <Code>list_voices</Code>,{' '}
        <Code>list_music</Code>, <Code>list_styles</Code>, <Code>list_templates</Code>, <Code>reroll_scene</Code> and{' '}
        <Code>render_video</Code>. <Code>create_video</Code> answers at once with the ids and <Code>get_video</Code>{' '}
        reports progress, so no assistant waits past its timeout; with an <Code>idempotency_key</Code> argument, a
        retried <Code>create_video</Code> answers the first video again rather than making a second. Each tool needs its
        REST calls’ scopes.
      </p>
      <p>
        Clients that speak Streamable HTTP connect to <Code>{`${origin}/mcp`}</Code> with the key as a Bearer header:
      </p>
      <CodeBlock title=".mcp.json (Streamable HTTP)" language="json" code={getMcpHttpConfig(origin)} />
      <p>
        Desktop clients that start their servers as commands run the stdio entry in a checkout of the StoryReel
        repository, after <Code>npm install</Code>. Keep <Code>--silent</Code>: npm otherwise prints a banner on stdout,
        which carries the protocol. The key may also come from <Code>STORYREEL_API_KEY</Code>, which keeps it out of the
        process list:
      </p>
      <CodeBlock title="Command" language="shell" code={getMcpCommand(origin)} />
      <CodeBlock title="claude_desktop_config.json" language="json" code={getMcpDesktopConfig(origin)} />
    </Section>
  )
}

function BatchesPart({ origin }: { origin: string }) {
  return (
    <Section id="batches">
      <p>
        Send up to {BATCH_MAX_ROWS} videos at once as a CSV file (at most {formatSize(BATCH_CSV_MAX_BYTES)}) whose first
        line names its columns. Every row is checked before anything is made, and a batch larger than the renders left
        today is refused with both counts. In the studio, upload the same file at{' '}
        <Link to="/app/batches/new" className="font-medium text-accent underline underline-offset-4">
          New batch
        </Link>{' '}
        and check its rows before you send it.
      </p>
      <TermList
        label="CSV columns"
        termWidth="tablet:w-24"
        items={BATCH_COLUMNS.map((column) => ({ term: column, description: BATCH_COLUMN_HELP[column] }))}
      />
      <CodeBlock title="videos.csv" language="csv" code={getBatchCsv()} />
      <CodeBlock title="curl" language="shell" code={getBatchCurl(origin)} />
      <p>
        The answer is <Code>202</Code> with the batch. GET it for each row’s state; its <Code>zip_url</Code> streams the
        finished videos as one ZIP, and the <Code>batch.completed</Code> webhook fires once every row has ended. JSON
        works too: <Code>{'{"rows": [{"prompt": "…"}], "title": "…"}'}</Code>.
      </p>
    </Section>
  )
}

function LimitsPart() {
  const { free, paid } = PLAN_LIMITS
  const rows: ReadonlyArray<[string, string, string]> = [
    ['Renders a day (UTC)', String(free.rendersPerDay), String(paid.rendersPerDay)],
    ['Highest resolution', free.maxResolution, paid.maxResolution],
    ['API keys', String(free.apiKeys), String(paid.apiKeys)],
    ['Calls a minute, per key', String(KEY_CALLS_PER_MINUTE), String(KEY_CALLS_PER_MINUTE)],
    ['Videos in one batch', String(BATCH_MAX_ROWS), String(BATCH_MAX_ROWS)],
    ['Webhook endpoints', String(WEBHOOK_ENDPOINTS_MAX), String(WEBHOOK_ENDPOINTS_MAX)],
  ]
  return (
    <Section id="limits">
      <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Limits by plan</caption>
          <thead className="border-b border-line text-ink">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Limit
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Free
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Premium
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map(([label, freeValue, paidValue]) => (
              <tr key={label}>
                <th scope="row" className="px-4 py-2.5 font-normal">
                  {label}
                </th>
                <td className="px-4 py-2.5 text-ink">{freeValue}</td>
                <td className="px-4 py-2.5 text-ink">{paidValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Every error has one shape: <Code>code</Code> is stable, for your program to branch on; <Code>message</Code> is
        for people, and a list of strings when several things are wrong.
      </p>
      <CodeBlock title="403 Forbidden" language="json" code={getErrorExample()} />
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {ERRORS.map((error) => (
          <li key={error.code} className="px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono text-sm font-semibold break-all text-ink">{error.code}</code>
              <span className="text-xs text-subtle">{error.status}</span>
            </p>
            <p className="mt-0.5 text-sm">
              <WithCode text={error.when} />
            </p>
          </li>
        ))}
      </ul>
      <p>
        Every route, its body, its answers and the scope it needs are in the{' '}
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener"
          className="font-medium text-accent underline underline-offset-4"
        >
          API reference
        </a>{' '}
        (OpenAPI, at <Code>/api/docs</Code>).
      </p>
    </Section>
  )
}
