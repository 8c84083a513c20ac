import { hash, verify, type Options } from '@node-rs/argon2'
import commonPasswords from 'fxa-common-password-list'

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storyreel/contracts/auth'

import { createConcurrencyLimit } from './concurrency-limit.ts'

/** @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html (argon2id, m=19 MiB, t=2, p=1) */
export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the binding declares a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON'

/** The rules a new password must meet; `undefined` when it meets them all. */
export function getPasswordProblem(password: string): PasswordProblem | undefined {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT'
  if (length > PASSWORD_MAX_LENGTH) return 'TOO_LONG'
  if (commonPasswords.test(password.toLowerCase())) return 'TOO_COMMON'
  return undefined
}

export type PasswordHasher = {
  hash(password: string): Promise<string>
  verify(passwordHash: string, password: string): Promise<boolean>
  /** Spends the time of a real verification, so an unknown e-mail answers as slowly as a wrong password. */
  verifyAgainstNothing(password: string): Promise<false>
}

export function createPasswordHasher({ maxConcurrent = 4 }: { maxConcurrent?: number } = {}): PasswordHasher {
  const limit = createConcurrencyLimit(maxConcurrent)
  const decoy = hash('storyreel-decoy-password', ARGON2_OPTIONS)
  return {
    hash: (password) => limit(() => hash(password, ARGON2_OPTIONS)),
    verify: (passwordHash, password) => limit(() => verify(passwordHash, password).catch(() => false)),
    verifyAgainstNothing: async (password) => {
      const decoyHash = await decoy
      await limit(() => verify(decoyHash, password).catch(() => false))
      return false
    },
  }
}
