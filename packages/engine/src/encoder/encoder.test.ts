import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mixSoundtrack } from './audio-mix.ts'
import { concatSegments } from './concat.ts'
import { runFfprobe } from './ffmpeg-binary.ts'
import { createFrameEncoder } from './frame-encoder.ts'
import { muxVideoAudio } from './mux.ts'
import { overlayImage } from './overlay.ts'
import { probeMedia } from './probe.ts'

const WIDTH = 720
const HEIGHT = 1280
const FPS = 30

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'encoder-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Draws `seconds` of moving frames on one canvas (its buffer reused, as the render pipeline does) and encodes them. */
async function encodeClip(
  name: string,
  seconds: number,
  hue: number,
  [width, height] = [WIDTH, HEIGHT],
): Promise<string> {
  const outPath = path.join(dir, name)
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  const encoder = createFrameEncoder({ width, height, fps: FPS, outPath })
  for (let frame = 0; frame < seconds * FPS; frame++) {
    context.fillStyle = `hsl(${hue}, 60%, 30%)`
    context.fillRect(0, 0, width, height)
    context.fillStyle = 'white'
    context.fillRect((frame * 17) % width, height / 2, width / 6, width / 6)
    await encoder.writeFrame(canvas.data())
  }
  await encoder.finish()
  return outPath
}

/** ffprobe's own packet timestamps, to check that a joined file runs on without a jump or a step back. */
async function readPacketTimes(file: string): Promise<number[]> {
  const { stdout } = await runFfprobe([
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=dts_time',
    '-of',
    'csv=p=0',
    file,
  ])
  return stdout.toString().trim().split('\n').map(Number)
}

// ffmpeg shares the 2 cores with the rest of the suite; these take a few seconds alone.
describe('createFrameEncoder', { timeout: 60_000 }, () => {
  it('encodes RGBA frames to an H.264 High, yuv420p MP4 of the right size and length', async () => {
    const file = await encodeClip('two-seconds.mp4', 2, 200)
    const probe = await probeMedia(file)
    expect(probe.streams).toEqual([
      { type: 'video', codec: 'h264', width: WIDTH, height: HEIGHT, pixelFormat: 'yuv420p', profile: 'High' },
    ])
    expect(probe.durationSeconds).toBeCloseTo(2, 1)
  })

  it("gives a frame's memory back once ffmpeg has it, but leaves a view into a larger buffer alone", async () => {
    const encoder = createFrameEncoder({ width: 64, height: 64, fps: FPS, outPath: path.join(dir, 'released.mp4') })
    const frameBytes = 64 * 64 * 4
    const whole = new Uint8Array(frameBytes).fill(128)
    const shared = new Uint8Array(frameBytes * 2).fill(64)
    await encoder.writeFrame(whole)
    await encoder.writeFrame(shared.subarray(frameBytes))
    await encoder.finish()
    expect(whole.buffer.detached).toBe(true)
    expect(shared.buffer.detached).toBe(false)
    expect(shared.length).toBe(frameBytes * 2)
    expect((await probeMedia(path.join(dir, 'released.mp4'))).durationSeconds).toBeCloseTo(2 / FPS, 2)
  })

  it('encodes a frame whose memory cannot be detached (a WebAssembly memory) and leaves it as it was', async () => {
    const outPath = path.join(dir, 'wasm-frame.mp4')
    // One 64 KiB page is exactly one 128x128 RGBA frame.
    // The engine's TypeScript library has no WebAssembly types; Node has the global.
    const { WebAssembly: wasm } = globalThis as unknown as {
      WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } }
    }
    const memory = new wasm.Memory({ initial: 1 })
    const encoder = createFrameEncoder({ width: 128, height: 128, fps: FPS, outPath })
    await encoder.writeFrame(new Uint8Array(memory.buffer).fill(200))
    await encoder.finish()
    expect(memory.buffer.detached).toBe(false)
    expect(new Uint8Array(memory.buffer)[0]).toBe(200)
    expect((await probeMedia(outPath)).durationSeconds).toBeCloseTo(1 / FPS, 2)
  })

  it('rejects a frame of the wrong size', async () => {
    const encoder = createFrameEncoder({ width: 64, height: 64, fps: FPS, outPath: path.join(dir, 'bad.mp4') })
    await expect(encoder.writeFrame(Buffer.alloc(10))).rejects.toThrow(/16384 bytes/)
    encoder.abort()
  })

  it('kills ffmpeg when the signal aborts, and later writes reject', async () => {
    const controller = new AbortController()
    const outPath = path.join(dir, 'aborted.mp4')
    const encoder = createFrameEncoder({ width: 64, height: 64, fps: FPS, outPath, signal: controller.signal })
    await encoder.writeFrame(Buffer.alloc(64 * 64 * 4))
    controller.abort(new Error('cancelled by the user'))
    await expect(encoder.finish()).rejects.toThrow('cancelled by the user')
    await expect(encoder.writeFrame(Buffer.alloc(64 * 64 * 4))).rejects.toThrow('cancelled by the user')
    // Killed before it could write the index: no playable file is left behind as if finished.
    if (existsSync(outPath)) await expect(probeMedia(outPath)).rejects.toThrow()
  })
})

describe('concatSegments and muxVideoAudio', { timeout: 60_000 }, () => {
  it('joins segments without re-encoding and muxes one video and one audio stream of the exact length', async () => {
    // Half size: the join does not depend on it, and the test stays quick.
    const first = await encodeClip('first.mp4', 1, 20, [360, 640])
    const second = await encodeClip('second.mp4', 1.5, 140, [360, 640])
    const joined = path.join(dir, 'joined.mp4')
    await concatSegments([first, second], joined)
    const video = await probeMedia(joined)
    expect(video.streams).toHaveLength(1)
    expect(video.durationSeconds).toBeCloseTo(2.5, 1)
    const times = await readPacketTimes(joined)
    expect(times).toHaveLength(2.5 * FPS)
    times.slice(1).forEach((time, index) => expect(time - (times[index] ?? 0)).toBeCloseTo(1 / FPS, 3))

    const audio = path.join(dir, 'soundtrack.m4a')
    await mixSoundtrack({
      voice: { samples: new Float32Array(24_000 * 3).fill(0.1), sampleRate: 24_000 },
      durationSeconds: 2.5,
      voiceVolume: 1,
      outPath: audio,
    })
    const final = path.join(dir, 'final.mp4')
    await muxVideoAudio({ videoPath: joined, audioPath: audio, outPath: final, durationSeconds: 2.5 })
    const probe = await probeMedia(final)
    expect(probe.streams.map((stream) => `${stream.type}:${stream.codec}`)).toEqual(['video:h264', 'audio:aac'])
    expect(probe.streams[0]).toMatchObject({ width: 360, height: 640 })
    expect(Math.abs(probe.durationSeconds - 2.5) / 2.5).toBeLessThan(0.01)
    expect(probe.bitRate).toBeGreaterThan(0)
    expect(probe.sizeBytes).toBeGreaterThan(0)
  })
})

describe('overlayImage', { timeout: 60_000 }, () => {
  it('lays a picture over a segment, encoded as segments are: High, yuv420p, BT.709, keyframes every 2 s', async () => {
    const [first, second] = await Promise.all([
      encodeClip('plain-1.mp4', 2.5, 200, [360, 640]),
      encodeClip('plain-2.mp4', 1, 260, [360, 640]),
    ])
    const logo = path.join(dir, 'logo.png')
    const square = createCanvas(40, 40)
    square.getContext('2d').fillStyle = '#ff0000'
    square.getContext('2d').fillRect(0, 0, 40, 40)
    await writeFile(logo, await square.encode('png'))
    const overlaid = await Promise.all(
      [first, second].map(async (videoPath, index) => {
        const outPath = path.join(dir, `overlaid-${index}.mp4`)
        const frame = { width: 360, height: 640, fps: FPS }
        await overlayImage({ videoPath, imagePath: logo, left: 300, top: 20, frame, outPath })
        return outPath
      }),
    )
    const probe = await probeMedia(overlaid[0] ?? '')
    expect(probe.streams).toHaveLength(1)
    expect(probe.streams[0]).toMatchObject({ width: 360, height: 640, pixelFormat: 'yuv420p', profile: 'High' })
    const { stdout } = await runFfprobe(
      [
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=color_space,color_primaries,color_transfer,color_range',
      ].concat(['-show_entries', 'packet=pts_time,flags', '-of', 'json', overlaid[0] ?? '']),
    )
    const info = JSON.parse(stdout.toString()) as {
      streams: Record<string, string>[]
      packets: { pts_time: string; flags: string }[]
    }
    expect(info.streams[0]).toEqual({
      color_space: 'bt709',
      color_primaries: 'bt709',
      color_transfer: 'bt709',
      color_range: 'tv',
    })
    const keyframes = info.packets
      .filter((packet) => packet.flags.startsWith('K'))
      .map((packet) => Number(packet.pts_time))
    expect(keyframes).toEqual([0, 2])
    // Overlaid segments join as drawn ones do: without re-encoding, every frame in its place.
    const joined = path.join(dir, 'overlaid-joined.mp4')
    await concatSegments(overlaid, joined)
    const times = await readPacketTimes(joined)
    expect(times).toHaveLength(3.5 * FPS)
    times.slice(1).forEach((time, index) => expect(time - (times[index] ?? 0)).toBeCloseTo(1 / FPS, 3))
  })
})
