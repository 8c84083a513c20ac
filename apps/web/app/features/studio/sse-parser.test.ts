import { describe, expect, it } from 'vitest'

import { createSseParser, type SseMessage } from './sse-parser.ts'

const STREAM = ': ping\n\nevent: render\ndata: {"progress":10}\n\nevent: render\ndata: {"progress":55}\n\n'

function feedAll(chunks: string[]): SseMessage[] {
  const parser = createSseParser()
  return chunks.flatMap((chunk) => parser.push(chunk))
}

describe('createSseParser', () => {
  it('reads named events and skips comment lines', () => {
    expect(feedAll([STREAM])).toEqual([
      { event: 'render', data: '{"progress":10}', id: undefined },
      { event: 'render', data: '{"progress":55}', id: undefined },
    ])
  })

  it('gives the same messages however the stream is split into chunks', () => {
    const whole = feedAll([STREAM])
    for (let size = 1; size <= 7; size += 1) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []
      expect(feedAll(chunks)).toEqual(whole)
    }
    for (let cut = 0; cut <= STREAM.length; cut += 1) {
      expect(feedAll([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(whole)
    }
  })

  it('joins multi-line data with line breaks and accepts CRLF and CR line ends, even split across chunks', () => {
    expect(feedAll(['event: render\r\ndata: first\r', '\ndata:second\r\rdata: x\n\n'])).toEqual([
      { event: 'render', data: 'first\nsecond', id: undefined },
      { event: 'message', data: 'x', id: undefined },
    ])
  })

  it('does not dispatch a message until its blank line arrives, nor one without data', () => {
    const parser = createSseParser()
    expect(parser.push('event: render\ndata: {"a":1}\n')).toEqual([])
    expect(parser.push('\n')).toEqual([{ event: 'render', data: '{"a":1}', id: undefined }])
    expect(parser.push('event: render\n\n: keep-alive\n\n')).toEqual([])
  })

  it('keeps the last event id and removes only one space after the colon', () => {
    expect(feedAll(['id: 7\ndata:  two spaces\n\n'])).toEqual([{ event: 'message', data: ' two spaces', id: '7' }])
  })
})
