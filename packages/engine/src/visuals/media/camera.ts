import type { CameraMove, FocusPoint } from '@storyreel/contracts/studio'

export type ResolvedCameraMove = Exclude<CameraMove, 'auto'>

/**
 * How far a photo's camera zooms over a scene: 10 % is felt, never noticed. The photo is prepared this much
 * larger than the frame, so the view never reaches its edge.
 */
export const CAMERA_ZOOM = 0.1

/** What "auto" picks, by the scene's place: neighbours never share a move, and the four alternate. */
const AUTO_MOVES: ResolvedCameraMove[] = ['zoom-in', 'pan-right', 'zoom-out', 'pan-left']

/** The move a scene's photo makes: the chosen one, or for "auto" one that varies with the scene's place. */
export function resolveCameraMove(camera: CameraMove, index: number): ResolvedCameraMove {
  if (camera !== 'auto') return camera
  return AUTO_MOVES[((index % AUTO_MOVES.length) + AUTO_MOVES.length) % AUTO_MOVES.length] as ResolvedCameraMove
}

/** Slow at both ends, so a move starts and settles rather than jerks. */
const easeInOutSine = (value: number) => -(Math.cos(Math.PI * value) - 1) / 2

/**
 * The part of the prepared picture (fractions of its width and height, the same for both, so its shape stays
 * the frame's) the frame shows at `progress` (0-1) of the move. The view is always inside the picture; zooms
 * close in on (or open out from) the focus point.
 */
export function getCameraView(
  move: ResolvedCameraMove,
  progress: number,
  focus: FocusPoint,
): { x: number; y: number; size: number } {
  const eased = easeInOutSine(Math.max(0, Math.min(1, progress)))
  const tight = 1 / (1 + CAMERA_ZOOM)
  const around = (size: number, centre: number) => Math.max(0, Math.min(1 - size, centre - size / 2))
  switch (move) {
    case 'still':
      return { x: 0, y: 0, size: 1 }
    case 'zoom-in':
    case 'zoom-out': {
      const amount = move === 'zoom-in' ? eased : 1 - eased
      const size = 1 - (1 - tight) * amount
      return { x: around(size, focus.x), y: around(size, focus.y), size }
    }
    case 'pan-left':
    case 'pan-right': {
      const travel = 1 - tight
      const x = move === 'pan-right' ? travel * eased : travel * (1 - eased)
      return { x, y: around(tight, focus.y), size: tight }
    }
  }
}

/**
 * The scale (1: the fitted size) and sideways drift (fractions of the frame's width) of a photo shown whole over
 * its blurred copy: the same moves, made by the photo inside the frame, so none of it is ever cut off.
 */
export function getFittedCamera(move: ResolvedCameraMove, progress: number): { scale: number; drift: number } {
  const eased = easeInOutSine(Math.max(0, Math.min(1, progress)))
  const small = 0.94
  switch (move) {
    case 'still':
      return { scale: 1, drift: 0 }
    case 'zoom-in':
      return { scale: small + (1 - small) * eased, drift: 0 }
    case 'zoom-out':
      return { scale: 1 - (1 - small) * eased, drift: 0 }
    case 'pan-left':
    case 'pan-right': {
      const reach = 0.025
      // The camera moving right leaves the photo moving left.
      const drift = move === 'pan-right' ? reach - 2 * reach * eased : -reach + 2 * reach * eased
      return { scale: small, drift }
    }
  }
}
