import { ApiError, isApiErrorBody, NetworkError } from './api-client.ts'

/** A stopped upload: the person canceled it. */
export class UploadCanceledError extends Error {
  override name = 'UploadCanceledError'
}

/**
 * Sends one file as multipart/form-data through XMLHttpRequest, the one browser API that reports an
 * upload's progress (fetch does not). Answers the parsed JSON; a non-2xx answer rejects with ApiError,
 * no answer with NetworkError, and `signal` aborts with UploadCanceledError.
 */
export function sendFile<T>({
  url,
  method = 'POST',
  token,
  file,
  field = 'file',
  onProgress,
  signal,
}: {
  url: string
  /** POST adds a file (to the library); PUT replaces the one a resource holds (the brand kit's font). */
  method?: 'POST' | 'PUT'
  token: string | undefined
  file: Blob & { name?: string }
  field?: string
  onProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCanceledError('The upload was canceled.'))
    const request = new XMLHttpRequest()
    request.open(method, url)
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    request.responseType = 'text'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total)
    })
    const cancel = () => request.abort()
    signal?.addEventListener('abort', cancel, { once: true })
    const done = () => signal?.removeEventListener('abort', cancel)
    request.addEventListener('abort', () => {
      done()
      reject(new UploadCanceledError('The upload was canceled.'))
    })
    request.addEventListener('error', () => {
      done()
      reject(new NetworkError('The upload could not reach StoryReel. Check your connection and try again.'))
    })
    request.addEventListener('load', () => {
      done()
      let body: unknown
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined
      } catch {
        body = undefined
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T)
      if (isApiErrorBody(body)) return reject(new ApiError(body.statusCode, body.code, body.message))
      reject(
        new ApiError(
          request.status,
          'HTTP_ERROR',
          request.status >= 500 ? 'StoryReel is having trouble right now. Please try again.' : request.statusText,
        ),
      )
    })
    const form = new FormData()
    form.append(field, file, file.name ?? 'upload')
    request.send(form)
  })
}
