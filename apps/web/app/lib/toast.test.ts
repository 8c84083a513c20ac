import { describe, expect, it, vi } from 'vitest'

import { createToastStore, TOAST_TIMEOUT_MS } from './toast.ts'

describe('the toast store', () => {
  it('keeps a toast 5000 ms unless told otherwise, and tells subscribers', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.notify({ tone: 'positive', message: 'Saved' })
    store.notify({ tone: 'negative', message: 'No', timeoutMs: 9000 })
    expect(TOAST_TIMEOUT_MS).toBe(5000)
    expect(store.getToasts().map((toast) => toast.timeoutMs)).toEqual([5000, 9000])
    store.dismiss(store.getToasts()[0]?.id ?? 0)
    expect(store.getToasts().map((toast) => toast.message)).toEqual(['No'])
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('shows at most five at once, dropping the oldest', () => {
    const store = createToastStore()
    for (let index = 1; index <= 7; index += 1) store.notify({ tone: 'info', message: `n${index}` })
    expect(store.getToasts().map((toast) => toast.message)).toEqual(['n3', 'n4', 'n5', 'n6', 'n7'])
  })

  it('replaces a toast that is showing when the same message comes again', () => {
    const store = createToastStore()
    const first = store.notify({ tone: 'negative', message: 'Scene 1 is too long.' })
    store.notify({ tone: 'info', message: 'Saved' })
    const again = store.notify({ tone: 'negative', message: 'Scene 1 is too long.' })
    expect(again).not.toBe(first)
    expect(store.getToasts().map((toast) => [toast.id, toast.message])).toEqual([
      [first + 1, 'Saved'],
      [again, 'Scene 1 is too long.'],
    ])
  })

  it('takes away the toasts about another page when the visitor moves on, and keeps the rest', () => {
    const store = createToastStore()
    store.notify({ tone: 'negative', message: 'This password is too common.', page: '/auth/register' })
    store.notify({ tone: 'negative', message: 'This code is wrong.', page: '/auth/confirm' })
    store.notify({ tone: 'info', message: 'We sent a code.' })
    store.dismissOtherPages('/auth/confirm')
    expect(store.getToasts().map((toast) => toast.message)).toEqual(['This code is wrong.', 'We sent a code.'])
  })
})
