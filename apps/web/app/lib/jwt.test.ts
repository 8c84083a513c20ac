import { describe, expect, it } from 'vitest'

import { decodeJwtPayload, InvalidTokenError } from './jwt.ts'

const encode = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const token = (payload: string) => `${encode('{"alg":"RS256"}')}.${payload}.signature`

describe('decodeJwtPayload', () => {
  it('reads the claims of a well-formed token, UTF-8 included', () => {
    const payload = encode(String.fromCharCode(...new TextEncoder().encode('{"sub":"001","name":"Zoë"}')))
    expect(decodeJwtPayload(token(payload))).toEqual({ sub: '001', name: 'Zoë' })
  })

  it.each([
    ['a non-string', 42, 'must be a string'],
    ['undefined', undefined, 'must be a string'],
    ['a token with a missing part', 'onlyonepart', 'missing part #2'],
    ['a token with an empty payload', 'a..c', 'missing part #2'],
    ['bad base64', token('@@@'), 'invalid base64'],
    ['base64 that is not UTF-8', token(encode('\xff\xfe')), 'invalid base64'],
    ['bad JSON', token(encode('{"sub":')), 'invalid json'],
    ['JSON that is not an object', token(encode('"text"')), 'invalid json'],
  ])('rejects %s with an invalid-token error', (_case, input, message) => {
    expect(() => decodeJwtPayload(input)).toThrow(InvalidTokenError)
    expect(() => decodeJwtPayload(input)).toThrow(message)
  })
})
