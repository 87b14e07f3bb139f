/** zh-CN strings of the anchor studio. */
import type { StudioResource } from '../../types.ts';

export const studio: StudioResource = {
  started: '开播设置成功',
  planned: '计划开播设置成功',
  upload: {
    type: '上传图片只能是 JPEG、GIF、PNG 或 BMP 格式',
    size: '上传图片大小不能超过 2MB',
    noCloud: '未配置云存储，图片将直接上传到本站',
    loading: '上传中…',
    failed: '上传失败，请重试',
  },
  errors: {
    planPast: '计划开播时间必须晚于当前时间',
    planFar: '最多只能提前 {{days}} 天计划开播',
    notAnchor: '仅主播可进行此操作，请先申请成为主播',
    alreadyLive: '你已经在直播中',
    badCategory: '请选择分类及其下的二级分类',
    noTickets: '门票直播暂未开放',
    matchOnlySports: '只有体育直播可以关联赛事',
    badMatch: '该赛事无法关联：已结束或不属于所选运动',
    badImage: '请先上传封面图片',
  },
};
