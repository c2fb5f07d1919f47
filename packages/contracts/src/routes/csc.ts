import { type ChildSpec, defineSection } from './define.js';

/**
 * Customer service (/csc/...), spec 2. The ROI reports' "fine" (breakdown) and detail views are
 * hidden pages under their report. "My feedback" (feedbackmanagement/feedback) is a shell link
 * every user holds (`common`).
 */
const s = defineSection('csc');
const drill: ChildSpec[] = [
  ['fine', 'ROI 明细', 'ROI breakdown', { tagPath: 'fullPath' }],
  ['details', 'ROI 详情', 'ROI details', { tagPath: 'fullPath' }],
];
const conversion: ChildSpec[] = [
  ['conversion-detail', '转化明细', 'Conversion details', { tagPath: 'fullPath' }],
  ['consumption-detail', '消费明细', 'Consumption details', { tagPath: 'fullPath' }],
];
const ra = 'report-analysis';

s.group('clue', '线索管理', 'Leads', 'AimOutlined')
  .page('clue/all', '全部线索', 'All leads', 'UnorderedListOutlined')
  .page('clue/assign', '待分配线索', 'Leads to assign', 'UserAddOutlined')
  .page('clue/followed', '已跟进线索', 'Followed leads', 'CheckCircleOutlined')
  .page('clue/invalid', '无效线索', 'Invalid leads', 'CloseCircleOutlined')
  .page('clue/register-black', '注册黑名单', 'Registration blacklist', 'StopOutlined');

s.group('wander', '线索流转', 'Lead transfers', 'SwapOutlined')
  .page('wander/distribute', '线索分配', 'Lead distribution', 'NodeIndexOutlined')
  .page('wander/transfer', '线索转移', 'Lead transfers', 'SwapOutlined');

s.group('feedback', '反馈管理', 'Feedback', 'CommentOutlined')
  .page('feedbackmanagement/fb-list', '反馈列表', 'Feedback list', 'UnorderedListOutlined')
  .page('feedbackmanagement/feedback', '我的反馈', 'My feedback', 'CommentOutlined', { common: true });

s.group('marketing', '营销活动', 'Marketing', 'NotificationOutlined').page(
  'marketing-activities/marketing-activities-list',
  '营销活动',
  'Marketing activities',
  'NotificationOutlined',
);

s.group('analysis', '数据分析', 'Analysis', 'BarChartOutlined')
  .page(`${ra}/roi-raise`, '拉新 ROI', 'Acquisition ROI', 'RiseOutlined')
  .children(`${ra}/roi-raise`, drill)
  .page(`${ra}/roi-clue`, '线索 ROI', 'Lead ROI', 'AimOutlined')
  .children(`${ra}/roi-clue`, drill)
  .page(`${ra}/roi-wander`, '流转 ROI', 'Transfer ROI', 'SwapOutlined')
  .children(`${ra}/roi-wander`, drill)
  .page(`${ra}/r-exhibition-activity-roi`, 'R 端展会活动 ROI', 'Reseller exhibition ROI', 'FlagOutlined')
  .children(`${ra}/r-exhibition-activity-roi`, conversion)
  .page(`${ra}/r-channel-promotion-roi`, 'R 端渠道推广 ROI', 'Reseller channel promotion ROI', 'ShareAltOutlined')
  .children(`${ra}/r-channel-promotion-roi`, conversion)
  .page(`${ra}/roi-cost`, 'ROI 成本', 'ROI costs', 'DollarOutlined')
  .page(`${ra}/roi-channel`, '渠道 ROI', 'Channel ROI', 'PieChartOutlined')
  .page(`${ra}/channel-promotion-cost`, '渠道推广成本', 'Channel promotion costs', 'MoneyCollectOutlined');

s.wildcard('客服中心', 'Customer service');

export const cscRoutes = s.routes;
