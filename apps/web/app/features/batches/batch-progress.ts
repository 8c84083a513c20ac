import type { BatchRowResult, BatchSummary } from '@storyreel/contracts/batches'

/** A batch is still going while any row waits for or is in a renderer. */
export function isBatchActive(batch: Pick<BatchSummary, 'counts'>): boolean {
  return batch.counts.queued + batch.counts.running > 0
}

/** Rows that will not change any more: finished, failed, canceled, never queued or deleted. */
export function countEnded(batch: Pick<BatchSummary, 'counts' | 'row_count'>): number {
  return batch.row_count - batch.counts.queued - batch.counts.running
}

/** The whole batch's progress, 0 to 100: each ended row counts whole, a running one by its render's progress. */
export function getBatchProgress(batch: Pick<BatchSummary, 'row_count'> & { rows: BatchRowResult[] }): number {
  if (batch.row_count === 0) return 100
  const sum = batch.rows.reduce((total, row) => {
    if (row.state === 'queued') return total
    if (row.state === 'running') return total + (row.render?.progress ?? 0)
    return total + 100
  }, 0)
  return Math.round(sum / batch.row_count)
}

/** The counts a person reads first, in words: "3 done · 1 rendering · 1 failed". */
export function describeCounts(counts: BatchSummary['counts']): string {
  const parts: Array<[number, string]> = [
    [counts.succeeded, 'done'],
    [counts.running, 'rendering'],
    [counts.queued, 'queued'],
    [counts.failed, 'failed'],
    [counts.canceled, 'canceled'],
    [counts.not_queued, 'not queued'],
    [counts.deleted, 'deleted'],
  ]
  return parts
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count} ${label}`)
    .join(' · ')
}
