import { defineSection } from './define.js';

/**
 * Business inquiry (/businessInquiry/...), spec 2.
 * The spec names the detail pages operationLog, accountApprovalStatus and creditModifyRecord/consumer
 * without their parents; each is a hidden page with its own key (decisions 0145, 0147: their openers, the
 * consumer account list and finance's notices, sit in another section).
 * The performance previews (c|r)/performance/preview sit under the daily C-end / R-end results.
 */
const s = defineSection('businessInquiry');

s.group('performance', '业绩查询', 'Performance', 'TrophyOutlined')
  .page('resultsQuery/day/c-end', '每日业绩（C 端）', 'Daily results (direct)', 'CalendarOutlined')
  .page('resultsQuery/day/r-end', '每日业绩（R 端）', 'Daily results (reseller)', 'CalendarOutlined')
  .detail('c/performance/preview', 'C 端业绩预览', 'Direct results preview', 'resultsQuery/day/c-end', {
    tagPath: 'path',
  })
  .detail('r/performance/preview', 'R 端业绩预览', 'Reseller results preview', 'resultsQuery/day/r-end', {
    tagPath: 'path',
  })
  .page('smsPerformance', '短信业绩', 'SMS performance', 'MessageOutlined')
  .page('voicePerformance', '语音业绩', 'Voice performance', 'PhoneOutlined')
  .page('mailPerformance', '邮件业绩', 'Email performance', 'MailOutlined')
  .page('numberPerformance', '号码业绩', 'Number performance', 'NumberOutlined')
  .page('star-promoter-performance', '星推官业绩', 'Star promoter performance', 'StarOutlined')
  .page('agentPerformance', '代理业绩', 'Agent performance', 'UsergroupAddOutlined')
  .page('gift-performance', '赠送业绩', 'Gift performance', 'GiftOutlined')
  .page('resultsQuery/wa', 'WhatsApp 业绩', 'WhatsApp results', 'WhatsAppOutlined')
  .page('resultsQuery/ants', 'Ants 业绩', 'Ants results', 'RiseOutlined');

s.group('sms', '短信查询', 'SMS queries', 'MessageOutlined')
  .page('sendRcdQuery', '发送记录查询', 'SMS send records', 'FileSearchOutlined')
  .page('send-query/auto-recall-task', '自动召回任务', 'Auto-recall tasks', 'RedoOutlined')
  .page('send-query/wa-send-record', 'WhatsApp 发送记录', 'WhatsApp send records', 'WhatsAppOutlined')
  .page('sms-appointment-record', '短信预约记录', 'Scheduled SMS records', 'FieldTimeOutlined')
  .page('sms-bidirectional', '双向短信', 'Two-way SMS', 'SwapOutlined')
  .page('twowaytask', '双向短信任务', 'Two-way SMS tasks', 'ScheduleOutlined')
  .page('apiQueueManage', 'API 队列管理', 'API queues', 'ApiOutlined')
  .page('app-query/sms', '短信应用查询', 'SMS apps', 'AppstoreOutlined')
  .page('mailSendingRecord', '邮件发送记录', 'Mail send records', 'MailOutlined')
  .page('wa-session-record', 'WhatsApp 会话记录', 'WhatsApp sessions', 'WhatsAppOutlined');

s.group('voice', '语音查询', 'Voice queries', 'PhoneOutlined')
  .page('channelVoiceQuery', '语音通道查询', 'Voice channels', 'PhoneOutlined')
  .page('voiceRecordQuery', '语音记录查询', 'Voice call records', 'AudioOutlined')
  .page('voiceSipRecord', 'SIP 记录', 'SIP records', 'FileTextOutlined')
  .page('voiceCcRecord', '呼叫中心记录', 'Call center records', 'CustomerServiceOutlined')
  .page('voiceTaskManagement', '语音任务管理', 'Voice tasks', 'ScheduleOutlined')
  .page('vos-voice-account', 'VOS 语音账户', 'VOS voice accounts', 'IdcardOutlined')
  .page('app-query/voice', '语音应用查询', 'Voice apps', 'AppstoreOutlined')
  .page('vos/online/landing', 'VOS 在线落地', 'VOS online landing', 'CloudServerOutlined')
  .page('vos/online/docking', 'VOS 在线对接', 'VOS online docking', 'CloudServerOutlined')
  .page('vos/landing/gateway', '落地网关', 'Landing gateways', 'GatewayOutlined')
  .page('vos/docking/gateway', '对接网关', 'Docking gateways', 'GatewayOutlined')
  .page('gateway/ip', '网关 IP', 'Gateway IPs', 'GlobalOutlined');

s.group('channel', '通道查询', 'Channel queries', 'ClusterOutlined')
  .page('channelManage', '通道管理', 'Channels', 'ClusterOutlined')
  // one account's operation log (decision 0145): its own key, opened from the account list and the traffic screens
  .hiddenPage('operationLog', '操作日志', 'Operation log', { tagPath: 'fullPath' })
  .page('channelRecommend', '通道推荐', 'Channel recommendations', 'LikeOutlined')
  .page('marketChannel', '市场通道', 'Market channels', 'ShopOutlined')
  .page('minxSolution', '混合方案', 'Mixed solutions', 'BranchesOutlined')
  .page('channel/info', '通道信息', 'Channel info', 'InfoCircleOutlined')
  .page('channel/sender-id', 'Sender ID 查询', 'Sender IDs', 'IdcardOutlined')
  .page('route-bind', '路由绑定', 'Route bindings', 'LinkOutlined')
  .page('mcc-mnc-query', 'MCC/MNC 查询', 'MCC/MNC lookup', 'GlobalOutlined')
  .page('portquery', '携号转网查询', 'Number portability', 'SwapOutlined');

s.group('device', '设备查询', 'Device queries', 'HddOutlined')
  .page('device-info', '设备信息', 'Devices', 'HddOutlined')
  .page('device-info/operation-log', '设备操作日志', 'Device operation log', 'HistoryOutlined')
  .page('device-compliance', '设备合规', 'Device compliance', 'SafetyCertificateOutlined');

s.group('agent', '代理查询', 'Agent queries', 'UsergroupAddOutlined')
  .page('agent-query/page', '代理查询', 'Agents', 'UsergroupAddOutlined')
  // one agent's customers (decision 0147), opened from the agent list as a tab named after the agent
  .page('agent-query/customer', '代理客户', 'Agent customers', 'TeamOutlined', { titleFrom: 'name' })
  // finance's account pages the spec places here: keys of their own (decision 0147), no longer the agent
  // customer list's, so holding that list opens neither
  .hiddenPage('accountApprovalStatus', '账户审批状态', 'Account approval status', { tagPath: 'fullPath' })
  .hiddenPage('creditModifyRecord/consumer', '信用修改记录', 'Credit change records', { tagPath: 'fullPath' });

s.wildcard('业务查询', 'Business inquiry');

export const inquiryRoutes = s.routes;
