/** The playing floors in perspective under the room and replay covers: pitches, courts, arenas. */
import type { ArtTheme } from '../../src/server/seed/people.ts';
import { n, type Point } from '../art/glyphs.ts';

/** Projects floor coordinates (u across -1..1, v depth 0 near..1 far) onto the picture. */
export type Project = (u: number, v: number) => Point;

export function perspective(
  w: number,
  h: number,
  far: number,
  near: number,
  spread: number,
): Project {
  const k = 2.4;
  const sy = (near - far) / (1 - 1 / (1 + k));
  const hy = near - sy;
  return (u, v) => {
    const z = 1 + k * v;
    return [w / 2 + (u * spread) / z, hy + sy / z];
  };
}

/** A straight segment on the floor (straight lines stay straight in perspective). */
function seg(p: Project, u1: number, v1: number, u2: number, v2: number): string {
  const [x1, y1] = p(u1, v1);
  const [x2, y2] = p(u2, v2);
  return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
}

/** A closed polygon on the floor. */
function quad(p: Project, corners: readonly Point[]): string {
  const pts = corners.map(([u, v]) => p(u, v));
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** An ellipse arc on the floor, sampled; radii in floor units. */
function arc(
  p: Project,
  cu: number,
  cv: number,
  ru: number,
  rv: number,
  from = 0,
  to = 360,
): string {
  const steps = Math.max(8, Math.round(Math.abs(to - from) / 10));
  const pts = Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return p(cu + ru * Math.cos(a), cv + rv * Math.sin(a));
  });
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`;
}

/** A rectangle on a field of size `len` deep by `wid` across, given in metres. */
function fieldMapper(len: number, wid: number, halfU: number) {
  const u = (x: number): number => (x / (wid / 2)) * halfU;
  const v = (y: number): number => y / len;
  return { u, v };
}

export function floorLines(theme: ArtTheme, p: Project): string {
  const paths: string[] = [];
  if (theme === 'football') {
    const { u, v } = fieldMapper(105, 68, 0.9);
    paths.push(
      quad(p, [
        [u(-34), 0],
        [u(34), 0],
        [u(34), 1],
        [u(-34), 1],
      ]),
    );
    paths.push(seg(p, u(-34), 0.5, u(34), 0.5));
    paths.push(arc(p, 0, 0.5, u(9.15), v(9.15)));
    for (const [y0, dir] of [
      [0, 1],
      [105, -1],
    ] as const) {
      const box = (depth: number, half: number) =>
        quad(p, [
          [u(-half), v(y0)],
          [u(-half), v(y0 + dir * depth)],
          [u(half), v(y0 + dir * depth)],
          [u(half), v(y0)],
        ]);
      paths.push(box(16.5, 20.15), box(5.5, 9.16));
    }
  } else if (theme === 'basketball') {
    const { u, v } = fieldMapper(28, 15, 0.8);
    paths.push(
      quad(p, [
        [u(-7.5), 0],
        [u(7.5), 0],
        [u(7.5), 1],
        [u(-7.5), 1],
      ]),
    );
    paths.push(seg(p, u(-7.5), 0.5, u(7.5), 0.5), arc(p, 0, 0.5, u(1.8), v(1.8)));
    for (const [y0, dir] of [
      [0, 1],
      [28, -1],
    ] as const) {
      paths.push(
        quad(p, [
          [u(-2.45), v(y0)],
          [u(-2.45), v(y0 + dir * 5.8)],
          [u(2.45), v(y0 + dir * 5.8)],
          [u(2.45), v(y0)],
        ]),
      );
      const basket = y0 + dir * 1.575;
      paths.push(arc(p, 0, v(basket), u(6.75), v(6.75), dir > 0 ? 12 : 192, dir > 0 ? 168 : 348));
    }
  } else if (theme === 'tennis') {
    const { u } = fieldMapper(23.77, 10.97, 0.75);
    const near = (6.4 + 11.885) / 23.77;
    const far = (11.885 - 6.4) / 23.77;
    const vn = 1 - near;
    paths.push(
      quad(p, [
        [u(-5.485), 0],
        [u(5.485), 0],
        [u(5.485), 1],
        [u(-5.485), 1],
      ]),
    );
    paths.push(seg(p, u(-4.115), 0, u(-4.115), 1), seg(p, u(4.115), 0, u(4.115), 1));
    paths.push(seg(p, u(-4.115), vn, u(4.115), vn), seg(p, u(-4.115), 1 - far, u(4.115), 1 - far));
    paths.push(seg(p, 0, vn, 0, 1 - far));
    paths.push(seg(p, u(-6.4), 0.5, u(6.4), 0.5));
  } else if (theme === 'billiards') {
    const { u, v } = fieldMapper(3.57, 1.78, 0.55);
    paths.push(
      quad(p, [
        [u(-0.89), 0.04],
        [u(0.89), 0.04],
        [u(0.89), 0.96],
        [u(-0.89), 0.96],
      ]),
    );
    paths.push(seg(p, u(-0.89), v(0.74), u(0.89), v(0.74)));
    paths.push(arc(p, 0, v(0.74), u(0.29), v(0.29), 90, 270));
  } else if (theme === 'chess') {
    for (let i = 0; i <= 8; i += 1) {
      paths.push(seg(p, -0.8 + 0.2 * i, 0, -0.8 + 0.2 * i, 1), seg(p, -0.8, i / 8, 0.8, i / 8));
    }
  } else {
    for (let i = -5; i <= 5; i += 1) paths.push(seg(p, i * 0.2, 0, i * 0.2, 1));
    for (let i = 0; i <= 10; i += 1) paths.push(seg(p, -1, i / 10, 1, i / 10));
  }
  return paths.join('');
}

/** Dark squares of the chessboard, filled faintly. */
export function chessSquares(p: Project): string {
  const squares: string[] = [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      if ((row + col) % 2 === 0) continue;
      const u0 = -0.8 + 0.2 * col;
      const v0 = row / 8;
      squares.push(
        quad(p, [
          [u0, v0],
          [u0 + 0.2, v0],
          [u0 + 0.2, v0 + 1 / 8],
          [u0, v0 + 1 / 8],
        ]),
      );
    }
  }
  return `<path d="${squares.join('')}" fill="#fff" opacity=".06"/>`;
}
