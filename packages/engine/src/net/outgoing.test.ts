import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createConfiguredEndpointFetch,
  createOutgoingFetch,
  isPublicAddress,
  OutgoingRequestError,
} from './outgoing.ts'

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/hop') {
      response.writeHead(302, { location: `${base}/ok` }).end()
    } else if (request.url === '/away') {
      response.writeHead(302, { location: 'http://elsewhere.example/steal' }).end()
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2000)
    } else response.end('fine')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(OutgoingRequestError)
  return (error as OutgoingRequestError).reason
}

describe('the outgoing request guard', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const address of ['8.8.8.8', '151.101.1.69', '2606:4700::6810:85e5'])
      expect(isPublicAddress(address)).toBe(true)
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '::7f00:1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('never reaches loopback, by its address or by a name that resolves to it, even among allowed hosts', async () => {
    const guarded = createOutgoingFetch({ hosts: ['127.0.0.1', 'localhost'], timeoutMs: 2000 })
    // Plain HTTP is refused first; over HTTPS the address itself is.
    expect(await refusal(guarded(`${base}/ok`))).toBe('scheme')
    expect(await refusal(guarded(base.replace('http:', 'https:')))).toBe('address')
    expect(await refusal(guarded(base.replace('http://127.0.0.1', 'https://localhost')))).toBe('address')
  })

  it('reaches only the hosts it names, on every redirect too', async () => {
    const guarded = createOutgoingFetch({ hosts: ['127.0.0.1'], timeoutMs: 2000, allowLoopback: true })
    expect(await (await guarded(`${base}/ok`)).text()).toBe('fine')
    expect(await (await guarded(`${base}/hop`)).text()).toBe('fine')
    expect(await refusal(guarded(`${base}/away`))).toBe('host')
    expect(await refusal(guarded('https://api.pexels.com/v1/search'))).toBe('host')
  })

  it('gives up after its timeout, with a clear reason', async () => {
    const guarded = createOutgoingFetch({ hosts: ['127.0.0.1'], timeoutMs: 300, allowLoopback: true })
    expect(await refusal(guarded(`${base}/slow`))).toBe('timeout')
  })
})

describe("an administrator's configured endpoint", () => {
  it('reaches the private address the administrator named, and nothing else', async () => {
    const guarded = createConfiguredEndpointFetch(base, 2000)
    expect(await (await guarded(`${base}/ok`)).text()).toBe('fine')
    expect(await refusal(guarded(`${base}/away`))).toBe('host')
    expect(await refusal(guarded('http://192.168.1.1/'))).toBe('host')
  })

  it('never reaches a private address through a public-looking name it was not given as one', async () => {
    // "localhost" named is the administrator's choice; a name that merely resolves to loopback is not.
    const named = createConfiguredEndpointFetch(base.replace('127.0.0.1', 'localhost'), 2000)
    expect((await named(`${base.replace('127.0.0.1', 'localhost')}/ok`)).status).toBe(200)
    // The same server under a name the guard was not given as private is refused, however it resolves.
    const unnamed = createOutgoingFetch({ hosts: ['localhost'], timeoutMs: 2000, allowHttp: true })
    expect(await refusal(unnamed(`${base.replace('127.0.0.1', 'localhost')}/ok`))).toBe('address')
  })
})
