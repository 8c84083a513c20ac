import type { BatchColumn } from '@storyreel/contracts/batches'

import { AlertIcon } from '#app/components/ui/icons.tsx'

import { excerpt, type CheckedRow } from './batch-check.ts'

const cell = 'px-3 py-2.5 align-top'
const optional = `${cell} hidden desktop:table-cell`
const OPTIONAL_COLUMNS: Array<[BatchColumn, string]> = [
  ['style', 'Style'],
  ['ratio', 'Ratio'],
  ['voice', 'Voice'],
  ['template', 'Template'],
]

/**
 * The CSV's rows as they will be sent, each bad row marked in place with what is wrong. Below the desktop
 * width the style, ratio, voice and template move under the words, so the table never scrolls sideways.
 */
export function BatchPreviewTable({ rows }: { rows: CheckedRow[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">The rows of the CSV</caption>
        <thead className="bg-raised/60 text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className={`${cell} w-12`}>
              Row
            </th>
            <th scope="col" className={cell}>
              Video
            </th>
            {OPTIONAL_COLUMNS.map(([column, label]) => (
              <th key={column} scope="col" className={optional}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, input, problems }) => {
            const bad = problems.length > 0
            const words = input.prompt?.trim() ? input.prompt : input.script
            const kind = input.prompt?.trim() ? 'Prompt' : input.script?.trim() ? 'Script' : undefined
            const extras = OPTIONAL_COLUMNS.flatMap(([column, label]) => {
              const value = input[column]?.trim()
              return value ? [`${label} ${value}`] : []
            })
            return (
              <tr
                key={row}
                className={`border-t border-line ${bad ? 'bg-rose-500/10' : ''}`}
                aria-label={bad ? `Row ${row}, needs fixing` : `Row ${row}`}
              >
                <th scope="row" className={`${cell} font-semibold tabular-nums text-ink`}>
                  <span className="inline-flex items-center gap-1">
                    {bad ? <AlertIcon className="h-4 w-4 text-rose-700 dark:text-rose-400" /> : null}
                    {row}
                  </span>
                </th>
                <td className={`${cell} min-w-0`}>
                  <p className="font-medium text-ink [overflow-wrap:anywhere]">
                    {input.title?.trim() || <span className="text-subtle">Title from the words</span>}
                  </p>
                  {words?.trim() ? (
                    <p className="mt-0.5 text-muted [overflow-wrap:anywhere]">
                      <span className="text-subtle">{kind}: </span>
                      {excerpt(words)}
                    </p>
                  ) : null}
                  {extras.length > 0 ? (
                    <p className="mt-1 text-xs text-subtle desktop:hidden [overflow-wrap:anywhere]">
                      {extras.join(' · ')}
                    </p>
                  ) : null}
                  {bad ? (
                    <ul className="mt-1.5 space-y-0.5 text-sm font-medium text-rose-700 dark:text-rose-400">
                      {problems.map((problem) => (
                        <li key={problem} className="[overflow-wrap:anywhere]">
                          {problem}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                {OPTIONAL_COLUMNS.map(([column]) => (
                  <td
                    key={column}
                    className={`${optional} text-muted ${column === 'template' ? 'max-w-40 [overflow-wrap:anywhere]' : 'whitespace-nowrap'}`}
                  >
                    {input[column]?.trim()}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
