import { describe, expect, it, vi } from 'vitest'

import { ApiError, NetworkError } from './api-client.ts'
import { createQueryHelper, getBaseAddresses, MissingTokenError, type QueryHelperDeps } from './query.ts'

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown }

function setup(responses: Array<Response | Error>, overrides: Partial<QueryHelperDeps> = {}) {
  const calls: Call[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: url instanceof Request ? url.url : url.toString(),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    })
    const next = responses.shift()
    if (!next) throw new Error('no more responses')
    if (next instanceof Error) throw next
    return next
  })
  const deps = {
    baseAddresses: getBaseAddresses({
      origin: 'https://storyreel.app',
      nodeHost: 'https://node.storyreel.app',
      apiVersion: 1,
    }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: vi.fn((target: string) => (target === 'admin' ? 'admin-token' : 'user-token')),
    onSignedOut: vi.fn(),
    notify: vi.fn(() => 1),
    dismiss: vi.fn(),
    getPage: vi.fn(() => '/auth/register'),
    log: { error: vi.fn() },
    retryDelayMs: 0,
    ...overrides,
  }
  return { query: createQueryHelper(deps), calls, deps }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const apiError = (status: number, code: string, message: string | string[]) =>
  json(status, { statusCode: status, error: 'Error', code, message })

describe('getBaseAddresses', () => {
  it('uses {origin}/api/ for local calls and the node host, versioned, for product and admin calls', () => {
    expect(
      getBaseAddresses({ origin: 'https://storyreel.app', nodeHost: 'https://node.example', apiVersion: 1 }),
    ).toEqual({
      local: 'https://storyreel.app/api/',
      api: 'https://node.example/api/v1/',
      admin: 'https://node.example/admin/',
    })
    expect(getBaseAddresses({ origin: 'http://localhost:3000', nodeHost: '', apiVersion: 2 }).api).toBe(
      'http://localhost:3000/api/v2/',
    )
  })
})

describe('the query helper', () => {
  it('prefixes product paths with v1/, admin paths with /admin/ and local ones with /api/ only', async () => {
    const { query, calls } = setup([json(200, {}), json(200, {}), json(200, {})])
    await query.get('auth/me')
    await query.post('logout', undefined, { target: 'admin' })
    await query.get('referral-code', { target: 'local' })
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET https://node.storyreel.app/api/v1/auth/me',
      'POST https://node.storyreel.app/admin/logout',
      'GET https://storyreel.app/api/referral-code',
    ])
  })

  it('sends the Bearer token of the requester on authenticated calls only', async () => {
    const { query, calls } = setup([json(200, {}), json(200, {}), json(200, {})])
    await query.get('auth/me', { auth: true })
    await query.get('users', { target: 'admin', auth: true })
    await query.get('config')
    expect(calls[0]?.headers.authorization).toBe('Bearer user-token')
    expect(calls[1]?.headers.authorization).toBe('Bearer admin-token')
    expect(calls[2]?.headers.authorization).toBeUndefined()
  })

  it('sends JSON bodies and returns parsed JSON', async () => {
    const { query, calls } = setup([json(200, { ok: true })])
    await expect(query.patch('auth/profile', { first_name: 'Ana' }, { auth: true })).resolves.toEqual({ ok: true })
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { first_name: 'Ana' } })
    expect(calls[0]?.headers['content-type']).toBe('application/json')
  })

  it('replaces a whole resource with PUT', async () => {
    const { query, calls } = setup([json(200, { saved: true })])
    await expect(query.put('brand-kit', { colours: { primary: '#5b21b6' } }, { auth: true })).resolves.toEqual({
      saved: true,
    })
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { colours: { primary: '#5b21b6' } } })
  })

  it('signs out and does not call the API when an authenticated call has no token', async () => {
    const { query, calls, deps } = setup([], { getToken: () => undefined })
    await expect(query.get('auth/me', { auth: true })).rejects.toBeInstanceOf(MissingTokenError)
    expect(calls).toHaveLength(0)
    expect(deps.onSignedOut).toHaveBeenCalledWith('api')
  })

  it('signs out on a 401 to an authenticated call', async () => {
    const { query, deps } = setup([apiError(401, 'UNAUTHORIZED', 'Your session has ended.')])
    await expect(query.get('auth/me', { auth: true })).rejects.toBeInstanceOf(ApiError)
    expect(deps.onSignedOut).toHaveBeenCalledWith('api')
  })

  it('retries network failures and 5xx answers, but not 4xx', async () => {
    const { query, calls } = setup([new TypeError('offline'), json(503, {}), json(200, { fine: 1 })])
    await expect(query.get('config', { retry: 2 })).resolves.toEqual({ fine: 1 })
    expect(calls).toHaveLength(3)
    const second = setup([apiError(400, 'BAD_REQUEST', 'no'), json(200, {})])
    await expect(second.query.get('config', { retry: 3 })).rejects.toBeInstanceOf(ApiError)
    expect(second.calls).toHaveLength(1)
    expect(second.deps.log.error).toHaveBeenCalledOnce()
  })

  it('gives up after the retry count and rethrows', async () => {
    const { query, calls, deps } = setup([new TypeError('offline'), new TypeError('offline')])
    await expect(query.get('config', { retry: 1 })).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(2)
    expect(deps.log.error).toHaveBeenCalledOnce()
  })

  it('shows a success toast when asked', async () => {
    const { query, deps } = setup([json(200, {})])
    await query.patch('auth/profile', { first_name: 'A' }, { successToast: 'Profile saved' })
    expect(deps.notify).toHaveBeenCalledWith({ tone: 'positive', message: 'Profile saved' })
  })

  it('shows the error message as a negative toast with notify-on-error, a list joined with line breaks', async () => {
    const { query, deps } = setup([
      apiError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is not right.'),
      apiError(400, 'VALIDATION_FAILED', ['email: must be a valid e-mail address', 'password: is required']),
    ])
    await expect(query.post('auth/login', {}, { notifyOnError: true })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    })
    await expect(query.post('auth/register', {}, { notifyOnError: true })).rejects.toMatchObject({ status: 400 })
    expect(deps.notify).toHaveBeenNthCalledWith(1, {
      tone: 'negative',
      message: 'The e-mail or password is not right.',
      page: '/auth/register',
    })
    expect(deps.notify).toHaveBeenNthCalledWith(2, {
      tone: 'negative',
      message: 'email: must be a valid e-mail address\npassword: is required',
      page: '/auth/register',
    })
    expect(deps.log.error).not.toHaveBeenCalled()
  })

  it('ties an error toast to the page on screen, but lets a signed-out message go along to sign-in', async () => {
    const { query, deps } = setup([apiError(401, 'UNAUTHORIZED', 'Your session has ended. Sign in again.')], {
      getPage: vi.fn(() => '/app/profile'),
    })
    await expect(query.patch('auth/profile', {}, { auth: true, notifyOnError: true })).rejects.toMatchObject({
      status: 401,
    })
    expect(deps.onSignedOut).toHaveBeenCalledWith('api')
    expect(deps.notify).toHaveBeenCalledWith({ tone: 'negative', message: 'Your session has ended. Sign in again.' })
  })

  it('takes the error toast of a call away when the same call then succeeds', async () => {
    const { query, deps } = setup(
      [
        apiError(400, 'WEAK_PASSWORD', 'This password is too common. Choose one that is harder to guess.'),
        apiError(400, 'VALIDATION_FAILED', 'first_name: too long'),
        json(201, {}),
      ],
      { notify: vi.fn().mockReturnValueOnce(7).mockReturnValueOnce(8) },
    )
    await expect(query.post('auth/register', {}, { notifyOnError: true })).rejects.toMatchObject({ status: 400 })
    await expect(query.patch('auth/profile', {}, { notifyOnError: true })).rejects.toMatchObject({ status: 400 })
    await query.post('auth/register', {}, { notifyOnError: true })
    expect(deps.dismiss).toHaveBeenCalledTimes(1)
    expect(deps.dismiss).toHaveBeenCalledWith(7)
  })

  it('logs other errors to the console and rethrows them', async () => {
    const { query, deps } = setup([apiError(409, 'EMAIL_TAKEN', 'Taken')])
    await expect(query.post('auth/register', {})).rejects.toMatchObject({ code: 'EMAIL_TAKEN' })
    expect(deps.notify).not.toHaveBeenCalled()
    expect(deps.log.error).toHaveBeenCalledOnce()
  })

  it('has no timeout by default and aborts after a configured one', async () => {
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation timed out.', 'TimeoutError')),
          ),
        ),
    )
    const { query } = setup([], { fetch: hanging as unknown as typeof globalThis.fetch })
    await expect(query.get('config', { timeoutMs: 20 })).rejects.toThrow('The request took too long')
    expect(hanging.mock.calls[0]?.[1]?.signal).toBeDefined()
    const { query: noTimeout, calls } = setup([json(200, {})])
    await noTimeout.get('config')
    expect(calls).toHaveLength(1)
  })
})
