/** Dice faces and the rotations that show them on a CSS cube (shared by both games). */

/** Number of faces of a die. */
export const DIE_FACES = 6;

/** True for an integer 1-6. */
export function isDieFace(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= DIE_FACES;
}

/**
 * Rotation (degrees about x and y) that turns a cube built with faces 1 front, 2 top, 3 right,
 * 4 left, 5 bottom, 6 back so that `face` looks at the viewer.
 */
export function faceRotation(face: number): { x: number; y: number } {
  switch (face) {
    case 2:
      return { x: -90, y: 0 };
    case 3:
      return { x: 0, y: -90 };
    case 4:
      return { x: 0, y: 90 };
    case 5:
      return { x: 90, y: 0 };
    case 6:
      return { x: 0, y: 180 };
    default:
      return { x: 0, y: 0 };
  }
}

/**
 * The cube's final rotation after `spins` whole turns, always further than `previous` so the die
 * visibly tumbles forward on every roll.
 */
export function tumbleTo(
  face: number,
  previous: { x: number; y: number },
  spins = 2,
): { x: number; y: number } {
  const target = faceRotation(face);
  const ahead = (from: number, to: number) => {
    const base = Math.ceil((from - to) / 360) * 360 + to;
    return base + spins * 360;
  };
  return { x: ahead(previous.x, target.x), y: ahead(previous.y, target.y) };
}

/** Pip positions (3x3 grid cells 0-8, row by row) of each face. */
export const PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};
