import { useId, useRef } from 'react'

import { BATCH_CSV_MAX_BYTES } from '@storyreel/contracts/batches'

import { DropZone } from '#app/components/ui/drop-zone.tsx'
import { formatSize } from '#app/lib/format-size.ts'

export type PickedCsv = { name: string; text: string } | { name: string; error: string }

/** Reads a chosen file as a batch's CSV, refusing what is not one or is larger than a batch can be. */
export async function readCsvFile(file: File): Promise<PickedCsv> {
  const isCsv = /\.csv$/i.test(file.name) || file.type === 'text/csv'
  if (!isCsv)
    return { name: file.name, error: 'This is not a CSV file. Save the spreadsheet as CSV (comma-separated) first.' }
  if (file.size > BATCH_CSV_MAX_BYTES)
    return {
      name: file.name,
      error: `This file is ${formatSize(file.size)}; a batch's CSV may be up to ${formatSize(BATCH_CSV_MAX_BYTES)}.`,
    }
  return { name: file.name, text: await file.text() }
}

/** One CSV, dropped on the panel or chosen with the button. */
export function CsvPicker({
  fileName,
  onPicked,
}: {
  fileName: string | undefined
  onPicked: (csv: PickedCsv) => void
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const take = (file: File | undefined) => {
    if (file) void readCsvFile(file).then(onPicked)
  }
  return (
    <section aria-label="CSV file">
      <DropZone onFiles={(files) => take(files[0])}>
        <p className="font-semibold text-ink">{fileName ? fileName : 'Drop a CSV file here'}</p>
        <p id={hintId} className="max-w-md text-sm text-muted">
          One video a row, up to {formatSize(BATCH_CSV_MAX_BYTES)}. Nothing is sent until you press the button below the
          preview.
        </p>
        <button type="button" className="btn-primary px-5 py-2.5 text-sm" onClick={() => inputRef.current?.click()}>
          {fileName ? 'Choose another file' : 'Choose a CSV file'}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-label="CSV file to preview"
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            take(file)
          }}
        />
      </DropZone>
    </section>
  )
}
