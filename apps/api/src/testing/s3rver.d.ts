// @20minutes/s3rver ships no types; this is the part of its API our tests and `npm run cluster:local` use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'
  import type { Server } from 'node:http'

  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    httpServer: Server | undefined
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
