import { useQuery } from '@tanstack/react-query'

import { CheckIcon, CloseIcon, ReceiptIcon } from '#app/components/ui/icons.tsx'

import { formatDateTime } from './format.ts'
import { getLicenceReceipt } from './studio-api.ts'

/** What the export carries and what the user may do with it, in plain words next to the download. */
export function LicenceReceiptSummary({ url }: { url: string }) {
  const receipt = useQuery({
    queryKey: ['studio', 'receipt', url],
    queryFn: ({ signal }) => getLicenceReceipt(url, signal),
    staleTime: Infinity,
  })
  return (
    <section aria-labelledby="receipt-title" className="rounded-2xl border border-line bg-surface/70 p-4">
      <h3 id="receipt-title" className="flex items-center gap-2 text-sm font-bold text-ink">
        <ReceiptIcon className="h-4 w-4 text-accent" /> Licence receipt
      </h3>
      {receipt.isPending ? (
        <div className="mt-3 space-y-2" aria-busy="true" aria-label="Loading the licence receipt">
          <div className="h-3 w-3/4 animate-pulse rounded bg-raised" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-raised" />
        </div>
      ) : receipt.isError ? (
        <p className="mt-2 text-sm text-muted">
          The receipt could not be shown here; it is still in the download.{' '}
          <button type="button" className="font-semibold text-accent" onClick={() => void receipt.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
            <dt className="text-subtle">Voice</dt>
            <dd className="text-ink">
              {receipt.data.voice.name} <span className="text-muted">· {receipt.data.voice.licence}</span>
            </dd>
            <dt className="text-subtle">Music</dt>
            <dd className="text-ink">
              {receipt.data.music ? (
                <>
                  {receipt.data.music.title}{' '}
                  <span className="text-muted">
                    · {receipt.data.music.source === 'own' ? 'your own upload · ' : ''}
                    {receipt.data.music.licence}
                  </span>
                </>
              ) : (
                'No music'
              )}
            </dd>
            {receipt.data.own_media.length > 0 ? (
              <>
                <dt className="text-subtle">Your media</dt>
                <dd className="text-ink">
                  {receipt.data.own_media.map((item) => `${item.name} (${item.kind})`).join(' · ')}
                </dd>
              </>
            ) : null}
            {receipt.data.stock_media.length > 0 ? (
              <>
                <dt className="text-subtle">Stock media</dt>
                <dd className="text-ink">
                  <ul className="grid gap-1">
                    {receipt.data.stock_media.map((item) => (
                      <li key={item.page_url}>
                        {item.kind === 'clip' ? 'Clip' : 'Photo'} by{' '}
                        <a
                          className="underline"
                          href={item.author_url ?? item.page_url}
                          rel="noreferrer"
                          target="_blank"
                        >
                          {item.author}
                        </a>{' '}
                        on{' '}
                        <a className="underline" href={item.page_url} rel="noreferrer" target="_blank">
                          {item.provider}
                        </a>
                        <span className="text-muted"> · {item.licence}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {receipt.data.artwork.length > 0 ? (
              <>
                <dt className="text-subtle">Artwork</dt>
                <dd className="text-muted">{receipt.data.artwork.map((item) => item.credit).join(' · ')}</dd>
              </>
            ) : null}
            {/* The engines' names stay in the downloaded receipt, a record for whoever checks it, not here. */}
            <dt className="text-subtle">Issued</dt>
            <dd className="text-muted">
              to {receipt.data.issued_to},{' '}
              <time dateTime={receipt.data.issued_at}>{formatDateTime(receipt.data.issued_at)}</time>
            </dd>
          </dl>
          <div className="grid gap-3 tablet:grid-cols-2">
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wider text-emerald-700 dark:text-emerald-400">
                You may
              </h4>
              <ul className="mt-1.5 space-y-1">
                {receipt.data.permitted.map((item) => (
                  <li key={item} className="flex gap-2 text-ink">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wider text-rose-700 dark:text-rose-400">
                You may not
              </h4>
              <ul className="mt-1.5 space-y-1">
                {receipt.data.not_permitted.map((item) => (
                  <li key={item} className="flex gap-2 text-ink">
                    <CloseIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-600 dark:text-rose-400" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className="text-xs text-subtle">Receipt {receipt.data.receipt_id}</p>
        </div>
      )}
    </section>
  )
}
