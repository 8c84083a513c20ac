import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici'

/**
 * The one guard of every request the product makes to another server (stock providers, hosted AI engines,
 * sign-in providers): only to the hosts a caller names, only over HTTPS unless a test says otherwise, never to
 * a loopback, private or link-local address (checked on the address the socket actually connects to, after
 * DNS, and on every redirect), and never for longer than its timeout. A URL a client sent must never reach it.
 */

const refusedRanges = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refusedRanges.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible ones (::127.0.0.1).
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refusedRanges.addSubnet(network, prefix, 'ipv6')

/** Whether an address is one a server may be reached at over the internet: no loopback, private or link-local. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address)?.[1]
  if (mapped) return isPublicAddress(mapped)
  const family = isIP(address)
  if (family === 0) return false
  return !refusedRanges.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export type OutgoingRefusal = 'host' | 'address' | 'scheme' | 'redirects' | 'timeout'

/** A request the guard did not let out (or that ran out of time), with why in plain words. */
export class OutgoingRequestError extends Error {
  readonly reason: OutgoingRefusal
  constructor(reason: OutgoingRefusal, message: string) {
    super(message)
    this.name = 'OutgoingRequestError'
    this.reason = reason
  }
}

export type OutgoingOptions = {
  /**
   * The hosts this caller may reach, exactly (no wildcards); a redirect elsewhere is refused. `any` for a
   * webhook, whose host its owner chose: the address checks still apply.
   */
  hosts: readonly string[] | 'any'
  /** Milliseconds for the whole exchange, redirects included. */
  timeoutMs: number
  /** 0: a 3xx answer is returned as it is, never followed (a webhook's). */
  maxRedirects?: number
  /**
   * Loopback, private and plain-HTTP addresses allowed: for the tests' stand-ins on 127.0.0.1 only. The API's
   * config sets it only under NODE_ENV=test with OUTGOING_ALLOW_LOOPBACK=1.
   */
  allowLoopback?: boolean
  /** Plain HTTP allowed (an administrator's own endpoint); HTTPS otherwise. */
  allowHttp?: boolean
}

export type OutgoingFetch = (
  url: string | URL,
  init?: Omit<RequestInit, 'redirect' | 'dispatcher'>,
) => Promise<Response>

/** A fetch that goes only where `options` allow, through a connection pool that checks every address it dials. */
export function createOutgoingFetch(options: OutgoingOptions): OutgoingFetch {
  const allowLoopback = options.allowLoopback === true
  const hosts = options.hosts === 'any' ? 'any' : new Set(options.hosts.map((host) => host.toLowerCase()))
  const lookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((item) => !allowLoopback && !isPublicAddress(item.address))
      if (refused)
        return callback(
          new OutgoingRequestError('address', `${hostname} resolves to ${refused.address}, which is not public`),
          [],
        )
      if (lookupOptions.all) return callback(null, addresses)
      const [first] = addresses
      return callback(null, first?.address ?? '', first?.family)
    })
  }
  const connector = buildConnector({ lookup: lookup as never, timeout: options.timeoutMs })
  const agent = new Agent({
    connect(connectOptions, callback) {
      // A host written as an address never goes through DNS: check it here, where the socket is opened.
      if (isIP(connectOptions.hostname) && !allowLoopback && !isPublicAddress(connectOptions.hostname)) {
        callback(new OutgoingRequestError('address', `${connectOptions.hostname} is not a public address`), null)
        return
      }
      connector(connectOptions, callback)
    },
  })
  const maxRedirects = options.maxRedirects ?? 3

  return async (url, init = {}) => {
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(options.timeoutMs)])
      : AbortSignal.timeout(options.timeoutMs)
    let target = new URL(url)
    for (let hop = 0; ; hop++) {
      if (target.protocol !== 'https:' && !((allowLoopback || options.allowHttp) && target.protocol === 'http:'))
        throw new OutgoingRequestError('scheme', `${target.protocol} is not allowed: only https`)
      if (hosts !== 'any' && !hosts.has(target.hostname.toLowerCase()))
        throw new OutgoingRequestError('host', `${target.hostname} is not a host this request may reach`)
      let response: Response
      try {
        response = await undiciFetch(target, { ...init, signal, redirect: 'manual', dispatcher: agent })
      } catch (error) {
        const cause = error instanceof Error ? (error.cause ?? error) : error
        if (cause instanceof OutgoingRequestError) throw cause
        if (signal.aborted && !init.signal?.aborted)
          throw new OutgoingRequestError('timeout', `${target.hostname} did not answer within ${options.timeoutMs} ms`)
        throw error
      }
      const location = response.headers.get('location')
      if (maxRedirects === 0) return response
      if (response.status < 300 || response.status >= 400 || !location) return response
      await response.body?.cancel()
      if (hop >= maxRedirects) throw new OutgoingRequestError('redirects', `more than ${maxRedirects} redirects`)
      target = new URL(location, target)
    }
  }
}

/**
 * The guard for an endpoint an administrator configured (a hosted model's API): only its host, and a private
 * address only when the administrator named one (a model on their own network, `localhost`, `10.0.0.5`),
 * never a public name that resolves to one. Its scheme is the one configured.
 */
export function createConfiguredEndpointFetch(url: string, timeoutMs: number): OutgoingFetch {
  const { hostname, protocol } = new URL(url)
  const host = hostname.replace(/^\[|\]$/gu, '')
  const named = host === 'localhost' || (isIP(host) !== 0 && !isPublicAddress(host))
  return createOutgoingFetch({ hosts: [hostname], timeoutMs, allowLoopback: named, allowHttp: protocol === 'http:' })
}
