/** What went wrong, in terms a caller can act on without knowing which engine or library failed. */
export type EngineErrorKind =
  /** A hosted service failed or could not be reached, or a local engine could not start: try again later. */
  | 'unavailable'
  /** The request named something the engine does not have (a voice, a track). */
  | 'not-found'
  /** The storyboard or the options cannot be rendered as they are. */
  | 'invalid'
  /** The render was stopped on purpose (canceled). */
  | 'aborted'
  /** The render process ended without an answer (killed, out of memory): it may be tried again. */
  | 'crashed'
  /** Anything else. */
  | 'failed'

export type EngineName = 'script' | 'voice' | 'visuals' | 'encoder' | 'renderer'

/**
 * Why an 'invalid' request was refused, where a caller answers each one differently: a script or a
 * storyboard's speech longer than a video may last, or a source text the script engine cannot draft from.
 */
export type EngineErrorReason = 'too-long' | 'unusable'

/**
 * The one error the engine throws on purpose. It carries a kind and the engine it came from, so the API
 * can map it to its own codes, and it survives the trip out of the render process as plain data.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind
  readonly engine: EngineName
  readonly reason: EngineErrorReason | undefined

  constructor(kind: EngineErrorKind, engine: EngineName, message: string, reason?: EngineErrorReason) {
    super(message)
    this.name = 'EngineError'
    this.kind = kind
    this.engine = engine
    this.reason = reason
  }

  toJSON(): SerializedEngineError {
    return { kind: this.kind, engine: this.engine, message: this.message, reason: this.reason }
  }

  static fromJSON(data: SerializedEngineError): EngineError {
    return new EngineError(data.kind, data.engine, data.message, data.reason)
  }

  /** Any thrown value as an EngineError: itself, or a 'failed' one with its message. */
  static from(error: unknown, engine: EngineName = 'renderer'): EngineError {
    if (error instanceof EngineError) return error
    return new EngineError('failed', engine, error instanceof Error ? error.message : String(error))
  }
}

export type SerializedEngineError = {
  kind: EngineErrorKind
  engine: EngineName
  message: string
  reason?: EngineErrorReason | undefined
}
