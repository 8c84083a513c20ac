/**
 * "840 KB", "12.5 MB", "1 GB": a size in decimal units, as phones, computers and the plans write it, with
 * one decimal only where it says something.
 */
export function formatSize(bytes: number): string {
  const units: Array<[number, string]> = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ]
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size
      return `${value >= 100 || Number.isInteger(value) ? Math.round(value) : Number(value.toFixed(1))} ${unit}`
    }
  }
  return `${bytes} B`
}
