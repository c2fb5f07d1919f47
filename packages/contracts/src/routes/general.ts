import { defineSection } from './define.js';

/**
 * General approval (/general/...), spec 2. Everything here is personal (start a request, my
 * to-dos, my requests, handled, copied to me, the application forms, the download center), so
 * all are `common`. The application forms under /general/process/ are hidden pages highlighted
 * under "start a request"; each list's /profile is its approval detail.
 */
const s = defineSection('general');
const common = { common: true } as const;
const sponsor = 'process/sponsor';

s.group('process', '流程审批', 'Approvals', 'AuditOutlined')
  .page(sponsor, '发起申请', 'Start a request', 'FormOutlined', common)
  .detail('sponsor/submit', '提交申请', 'Submit request', sponsor, { tagPath: 'path' })
  .page('my-agent', '我的待办', 'My to-dos', 'ScheduleOutlined', common)
  .children('my-agent', [['profile', '待办详情', 'To-do details', { tagPath: 'fullPath', titleFrom: 'title' }]])
  .page('my-initiate', '我发起的', 'My requests', 'SendOutlined', common)
  .children('my-initiate', [['profile', '申请详情', 'Request details', { tagPath: 'fullPath', titleFrom: 'title' }]])
  .page('my-handle', '我已处理', 'Handled by me', 'CheckSquareOutlined', common)
  .children('my-handle', [
    ['profile', '已处理详情', 'Handled request details', { tagPath: 'fullPath', titleFrom: 'title' }],
  ])
  .page('my-deliver', '抄送我的', 'Copied to me', 'CopyOutlined', common)
  .children('my-deliver', [
    ['profile', '抄送详情', 'Copied request details', { tagPath: 'fullPath', titleFrom: 'title' }],
  ]);

const FORMS: [path: string, zh: string, en: string][] = [
  ['recharge-apply/recharge/apply', '充值申请', 'Recharge application'],
  ['recharge-apply/payment/apply', '付款申请', 'Payment application'],
  ['recharge-apply/hedge/apply', '对冲申请', 'Hedge application'],
  ['credit-apply/prepay/apply', '预付信用申请', 'Prepaid credit application'],
  ['credit-apply/postpay/apply', '后付信用申请', 'Postpaid credit application'],
  ['credit-apply/deferral/apply', '延期付款申请', 'Payment deferral application'],
  ['credit-apply/method/apply', '付款方式变更申请', 'Payment method change'],
  ['credit-apply/bill-change/apply', '账单变更申请', 'Bill change application'],
  ['credit-apply/temporary/apply', '临时额度申请', 'Temporary credit application'],
  ['special-apply/special/apply', '特价申请', 'Special price application'],
  ['supplier-apply/supplier/apply', '供应商准入申请', 'Supplier onboarding application'],
  ['supplier-body-replace/apply', '供应商主体变更申请', 'Supplier entity change'],
  ['modify-client-source/apply', '客户来源变更申请', 'Customer source change'],
  ['modify-supplier-source/apply', '供应商来源变更申请', 'Supplier source change'],
  ['contract-seal/apply', '合同用印申请', 'Contract seal application'],
];
for (const [path, zh, en] of FORMS) s.detail(`process/${path}`, zh, en, sponsor, { detail: false, tagPath: 'path' });

s.group('tools', '工具', 'Tools', 'CloudDownloadOutlined').page(
  'download',
  '下载中心',
  'Download center',
  'CloudDownloadOutlined',
  { ...common, name: 'GeneralDownload' },
);

s.wildcard('流程审批', 'General approval');

export const generalRoutes = s.routes;
