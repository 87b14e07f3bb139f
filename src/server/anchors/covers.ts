/** The demo cover art a room gets before its anchor uploads covers of their own. */

/** The public paths of a room's horizontal and vertical covers. */
export function coverPaths(room: { cover: string }): { cover: string; coverV: string } {
  return {
    cover: `/demo/covers/${room.cover}.webp`,
    coverV: `/demo/covers-v/${room.cover}.webp`,
  };
}
