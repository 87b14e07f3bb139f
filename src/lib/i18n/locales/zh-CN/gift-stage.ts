/** zh-CN strings of the gift stage over the player (gift captions, noble entrances). */
import type { GiftStageResource } from '../../types.ts';

/** The gift stage. */
export const giftStage: GiftStageResource = {
  sent: '送出 {{gift}}',
  combo: 'x{{count}}',
  nobles: { '1': '灵狐贵族', '2': '雄狮贵族', '3': '神龙贵族' },
  arrives: '{{noble}} 驾到',
  region: '礼物与进场特效',
};
