/** zh-CN strings of the anchor studio. */
import type { StudioResource } from '../../types.ts';

export const studio: StudioResource = {
  started: '开播设置成功',
  planned: '计划开播设置成功',
  errors: {
    notAnchor: '仅主播可进行此操作，请先申请成为主播',
    alreadyLive: '你已经在直播中',
    badCategory: '请选择分类及其下的二级分类',
    noTickets: '门票直播暂未开放',
    matchOnlySports: '只有体育直播可以关联赛事',
    badMatch: '该赛事无法关联：已结束或不属于所选运动',
    badImage: '请先上传封面图片',
  },
};
