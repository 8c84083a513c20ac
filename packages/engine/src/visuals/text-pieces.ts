import type { SKRSContext2D } from '@napi-rs/canvas'

import { getArtLibrary } from './art/art-library.ts'

/** A word's pieces: text, and emoji drawn in colour from the art library (our fonts have none). */
export type Piece = { text: string; emoji: string | undefined }

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u

/** Emoji take a square a little wider than the type's height. */
export const EMOJI_EM = 1.15

export function piecesOf(word: string): Piece[] {
  const pieces: Piece[] = []
  for (const { segment } of graphemes.segment(word)) {
    const emoji = PICTOGRAPHIC.test(segment) ? getArtLibrary().emojiId(segment) : undefined
    const last = pieces.at(-1)
    if (!emoji && last && !last.emoji) last.text += segment
    else pieces.push({ text: segment, emoji })
  }
  return pieces
}

/** The width of a word in the context's font at `size` px, its emoji as squares. */
export function measureWord(measure: SKRSContext2D, word: string, size: number): number {
  return piecesOf(word).reduce(
    (sum, piece) => sum + (piece.emoji ? size * EMOJI_EM : measure.measureText(piece.text).width),
    0,
  )
}

/**
 * Draws a word at (x, y), the baseline `middle`, in the context's font and fill: its text with `paint` (which may
 * stroke before it fills), its emoji as colour pictures. Returns where the next piece would go.
 */
export function drawWord(
  context: SKRSContext2D,
  word: string,
  x: number,
  y: number,
  size: number,
  paint: (text: string, x: number, y: number) => void = (text, at, middle) => context.fillText(text, at, middle),
): number {
  let pieceX = x
  for (const piece of piecesOf(word)) {
    if (piece.emoji) {
      const side = Math.round(size * EMOJI_EM)
      context.drawImage(getArtLibrary().drawNow(piece.emoji, side), pieceX, y - side / 2)
      pieceX += side
      continue
    }
    paint(piece.text, pieceX, y)
    pieceX += context.measureText(piece.text).width
  }
  return pieceX
}
