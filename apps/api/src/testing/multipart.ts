import { randomBytes } from 'node:crypto'

/** A multipart/form-data body with one file part, as a browser's FormData sends it, for `app.inject`. */
export function createMultipartUpload(
  content: Buffer,
  { filename = 'upload.bin', field = 'file', contentType = 'application/octet-stream' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----storyreel${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
