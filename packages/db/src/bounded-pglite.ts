import type { PGlite, Transaction } from '@electric-sql/pglite'

import { DatabaseTimeoutError } from './errors.ts'

/** Rejects with a DatabaseTimeoutError when `work` has not settled within `ms`; `work` itself runs on. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/** Calls the target's own methods with itself as `this`: PGlite keeps its state in private fields. */
function forward(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target)
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
}

function boundQueries<T extends PGlite | Transaction>(
  target: T,
  ms: number,
  extra: (property: string | symbol) => unknown,
) {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query' || property === 'exec' || property === 'sql') {
        const method = forward(object, property) as (...args: unknown[]) => Promise<unknown>
        return (...args: unknown[]) => withDeadline(method(...args), ms)
      }
      return extra(property) ?? forward(object, property)
    },
  })
}

/**
 * PGlite runs in this process and answers one caller at a time, and its work cannot be interrupted. So the
 * wait for each answer is bounded instead: past `ms` the caller gets a DatabaseTimeoutError (answered as
 * 503), while the stuck work finishes in the background and the queue behind it drains after it. A
 * transaction that had not started in time rolls back as soon as it does (decision 020).
 */
export function boundPglite(client: PGlite, ms: number): PGlite {
  const transaction = <R>(callback: (tx: Transaction) => Promise<R>): Promise<R> => {
    let abandoned = false
    let started = false
    let timer: NodeJS.Timeout | undefined
    const run = client.transaction(async (tx) => {
      started = true
      clearTimeout(timer)
      if (abandoned) throw new DatabaseTimeoutError(ms)
      return callback(boundQueries(tx, ms, () => undefined))
    })
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        if (started) return
        abandoned = true
        reject(new DatabaseTimeoutError(ms))
      }, ms)
    })
    return Promise.race([run, deadline]).finally(() => clearTimeout(timer))
  }
  return boundQueries(client, ms, (property) => (property === 'transaction' ? transaction : undefined))
}
