/**
 * The room's page behaviour (barrage, gift stage, follow, share, heat, End live, ticket entry)
 * as a DOM island placed after the room's hold, so it loads once the player has settled.
 */
import { domIsland } from '../dom/island.ts';

export default domIsland(async () => {
  await import('./room.ts');
});
