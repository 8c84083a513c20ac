/**
 * Why an uploaded file cannot join the media library, decided from its content: a type we do not take
 * (or one disguised as another), a HEIC photo, a file that cannot be read, a photo with too many pixels, or
 * a clip or track longer than allowed. The API maps each reason to its status and words.
 */
export type UploadRejection = 'unsupported' | 'heic' | 'unreadable' | 'too-many-pixels' | 'too-long'

export class UploadRejectedError extends Error {
  readonly reason: UploadRejection

  constructor(reason: UploadRejection, message: string) {
    super(message)
    this.name = 'UploadRejectedError'
    this.reason = reason
  }
}
