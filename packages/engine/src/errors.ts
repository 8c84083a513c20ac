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
 * The one error the engine throws on purpose. It carries a kind and the engine it came from, so the API
 * can map it to its own codes, and it survives the trip out of the render process as plain data.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind
  readonly engine: EngineName

  constructor(kind: EngineErrorKind, engine: EngineName, message: string) {
    super(message)
    this.name = 'EngineError'
    this.kind = kind
    this.engine = engine
  }

  toJSON(): SerializedEngineError {
    return { kind: this.kind, engine: this.engine, message: this.message }
  }

  static fromJSON(data: SerializedEngineError): EngineError {
    return new EngineError(data.kind, data.engine, data.message)
  }

  /** Any thrown value as an EngineError: itself, or a 'failed' one with its message. */
  static from(error: unknown, engine: EngineName = 'renderer'): EngineError {
    if (error instanceof EngineError) return error
    return new EngineError('failed', engine, error instanceof Error ? error.message : String(error))
  }
}

export type SerializedEngineError = { kind: EngineErrorKind; engine: EngineName; message: string }
