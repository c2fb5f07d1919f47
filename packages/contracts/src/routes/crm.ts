import { defineSection } from './define.js';

/**
 * CRM (/crm/...), spec 2.
 * Paths we chose for the spec's "detail pages under a parent highlight" (all hidden, guarded
 * by the highlighted list's key):
 * - /crm/customer/detail              customer detail            → my customers
 * - /crm/customer/add                 add customer               → my customers
 * - /crm/agent-customer/detail        agent customer detail      → business partners
 * - /crm/agent/detail                 agent detail               → business partners
 * - /crm/opportunity/add              add business opportunity   → my customers
 * - /crm/opportunity/detail           opportunity detail         → my customers
 * - /crm/class-a/add, /crm/class-a/details   class-A application → my customers
 * - /crm/email/{send,inbox,draft,outbox,trash}-details  customer e-mail views → my customers
 * - /crm/marketing-email/details, /crm/marketing-email/edit
 *                                     marketing e-mail → the marketing mail list, a menu page of its
 *                                     own (/crm/marketing-email, decisions 0082, 0084)
 * - /crm/email-tracking/details       e-mail tracking            → account tracking
 * - /crm/email-binding/edit           e-mail binding edit        → my customers
 * - /crm/promotion/sign-ups           promotion link sign-ups    → my customers (the overview's
 *                                     linkPromotion figure opens it; the spec names the figure only)
 */
const s = defineSection('crm');
const myClient = 'client-partner/my-client';

s.group('client', '客户管理', 'Client management', 'TeamOutlined')
  .page(myClient, '我的客户', 'My customers', 'UserOutlined')
  .children(myClient, [
    ['details', '客户详情', 'Customer details', { tagPath: 'fullPath', titleFrom: 'name' }],
    ['details-partner', '合作伙伴详情', 'Partner details', { tagPath: 'fullPath', titleFrom: 'name' }],
  ])
  .page('business-partner', '商务伙伴', 'Business partners', 'SolutionOutlined')
  .children('business-partner', [
    ['details', '商务伙伴详情', 'Business partner details', { tagPath: 'fullPath', titleFrom: 'name' }],
  ])
  .page('open-sea', '公海客户', 'Open sea customers', 'GlobalOutlined', { oneBookmark: true })
  .children('open-sea', [
    ['details', '公海客户详情', 'Open sea customer details', { tagPath: 'fullPath', titleFrom: 'name' }],
    ['partner-details', '公海伙伴详情', 'Open sea partner details', { tagPath: 'fullPath', titleFrom: 'name' }],
    ['sea-details', '公海详情', 'Open sea details', { tagPath: 'fullPath', titleFrom: 'name' }],
  ])
  .page('blacklist', '黑名单客户', 'Blacklisted customers', 'StopOutlined')
  .children('blacklist', [['details', '黑名单客户详情', 'Blacklisted customer details', { tagPath: 'fullPath' }]])
  // detail pages under a parent highlight (paths chosen by us, see above)
  .detail('customer/detail', '客户详情', 'Customer detail', myClient, { tagPath: 'fullPath', titleFrom: 'name' })
  .detail('customer/add', '新增客户', 'Add customer', myClient, { tagPath: 'path' })
  .detail('agent-customer/detail', '代理客户详情', 'Agent customer details', 'business-partner', {
    tagPath: 'fullPath',
    titleFrom: 'name',
  })
  .detail('agent/detail', '代理详情', 'Agent details', 'business-partner', { tagPath: 'fullPath', titleFrom: 'name' })
  .detail('opportunity/add', '新增商机', 'Add opportunity', myClient, { tagPath: 'path' })
  .detail('opportunity/detail', '商机详情', 'Opportunity details', myClient, { tagPath: 'fullPath', titleFrom: 'name' })
  .detail('class-a/add', 'A 类客户申请', 'Class-A application', myClient, { tagPath: 'path' })
  .detail('class-a/details', 'A 类客户申请详情', 'Class-A application details', myClient, { tagPath: 'fullPath' })
  .detail('email/send-details', '发件详情', 'Sent mail details', myClient, {
    tagPath: 'fullPath',
    titleFrom: 'subject',
  })
  .detail('email/inbox-details', '收件详情', 'Received mail details', myClient, {
    tagPath: 'fullPath',
    titleFrom: 'subject',
  })
  .detail('email/draft-details', '草稿详情', 'Draft details', myClient, { tagPath: 'fullPath', titleFrom: 'subject' })
  .detail('email/outbox-details', '待发邮件详情', 'Outbox mail details', myClient, {
    tagPath: 'fullPath',
    titleFrom: 'subject',
  })
  .detail('email/trash-details', '已删除邮件详情', 'Deleted mail details', myClient, {
    tagPath: 'fullPath',
    titleFrom: 'subject',
  })
  // the marketing mail list is a menu page of its own (decision 0084); its details and form highlight it
  .page('marketing-email', '营销邮件', 'Marketing mails', 'MailOutlined', { tagPath: 'path' })
  .detail('marketing-email/details', '营销邮件详情', 'Marketing mail details', 'marketing-email', {
    tagPath: 'fullPath',
    titleFrom: 'subject',
  })
  .detail('marketing-email/edit', '编辑营销邮件', 'Edit marketing mail', 'marketing-email', { tagPath: 'path' })
  .detail('email-binding/edit', '编辑邮箱绑定', 'Edit mailbox binding', myClient, { tagPath: 'path' })
  .detail('promotion/sign-ups', '推广报名', 'Promotion sign-ups', myClient, { tagPath: 'path' });

s.group('transfer', '客户流转', 'Customer transfers', 'SwapOutlined')
  .page('wander/transfer', '客户转移', 'Customer transfers', 'SwapOutlined')
  .page('wander/share', '客户共享', 'Customer sharing', 'ShareAltOutlined');

s.group('operate', '运营', 'Operations', 'ToolOutlined')
  .page('operate/alias-record', '简称变更记录', 'Alias change records', 'EditOutlined')
  .children('operate/alias-record', [['details', '简称变更详情', 'Alias change details', { tagPath: 'fullPath' }]])
  .page('operate/approval-order', '我发起的审批', 'Approvals I started', 'AuditOutlined')
  .children('operate/approval-order', [['detail', '审批单详情', 'Approval details', { tagPath: 'fullPath' }]])
  .page('operate/team-name-change', '团队名称变更', 'Team name changes', 'TeamOutlined');

s.group('analysis', '数据分析', 'Analysis', 'BarChartOutlined')
  .page('data-analysis/sales-funnels', '销售漏斗', 'Sales funnel', 'FunnelPlotOutlined')
  .page('market-analysis/account-track', '账户跟踪', 'Account tracking', 'LineChartOutlined')
  .detail('email-tracking/details', '邮件跟踪详情', 'Mail tracking details', 'market-analysis/account-track', {
    tagPath: 'fullPath',
  });

s.wildcard('客户管理', 'CRM');

export const crmRoutes = s.routes;
