/** One dispatched Server-Sent Events message. */
export type SseMessage = { event: string; data: string; id: string | undefined }

/**
 * An incremental text/event-stream parser (WHATWG HTML §9.2.6): chunks may split lines, fields and even a
 * CRLF pair anywhere. We read the stream with fetch instead of EventSource because the render events need
 * an Authorization header, which EventSource cannot send.
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
export function createSseParser() {
  let buffer = ''
  let pendingCr = false
  let event = ''
  let data: string[] = []
  let hasData = false
  let lastId: string | undefined

  function processLine(line: string, out: SseMessage[]) {
    if (line === '') {
      if (hasData) out.push({ event: event || 'message', data: data.join('\n'), id: lastId })
      event = ''
      data = []
      hasData = false
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') event = value
    else if (field === 'data') {
      data.push(value)
      hasData = true
    } else if (field === 'id' && !value.includes('\0')) lastId = value
  }

  return {
    /** Feeds decoded text; returns the messages completed by it, in order. */
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = []
      let text = chunk
      // A CR ended the previous chunk: an LF opening this one belongs to the same line break.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1)
      pendingCr = false
      buffer += text
      let start = 0
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i]
        if (char !== '\n' && char !== '\r') continue
        processLine(buffer.slice(start, i), out)
        if (char === '\r') {
          if (i + 1 === buffer.length) pendingCr = true
          else if (buffer[i + 1] === '\n') i += 1
        }
        start = i + 1
      }
      buffer = buffer.slice(start)
      return out
    },
  }
}
