import type { RouteExtra } from './define.js';
import { defineSection } from './define.js';

/**
 * Business operations (/businessOperations/...), spec 2.
 * The VoIP toolbox exists in two generations: the classic pages under voIp/voipIframe/* are
 * embedded pages shown in the persistent iframe layer (`iframe`), the new ones under voip/* are
 * native screens. The spec's ten detail pages (submittedApply … submitWorkOrder) name no parent;
 * we highlight the work-order pages under the port orders and the recharge pages under the port
 * transactions of the SIM bank.
 */
const s = defineSection('businessOperations');

s.group('public', '公共', 'General', 'AppstoreOutlined')
  .page('capturePacket', '抓包分析', 'Packet capture', 'BugOutlined')
  .page('public/api-report', 'API 报表', 'API report', 'ApiOutlined')
  .page('public/smsCardQueue', '短信卡队列', 'SMS card queue', 'OrderedListOutlined')
  .page('two-way-review', '双向短信审核', 'Two-way SMS review', 'AuditOutlined');

s.group('shortLink', '短链管理', 'Short links', 'LinkOutlined')
  .page('shortChainRiskControl/whitelist', '短链白名单', 'Short link whitelist', 'SafetyOutlined')
  .page('shortChainRiskControl/shortlinkquery', '短链查询', 'Short link lookup', 'SearchOutlined')
  .page('shortChainRiskControl/shortlinkgroup', '短链分组', 'Short link groups', 'GroupOutlined')
  .page('shortLinkTrace/mixedChainStrategy', '混链策略', 'Mixed link strategy', 'BranchesOutlined')
  .page('shortLinkTrace/generationRules', '短链生成规则', 'Link generation rules', 'SettingOutlined')
  .page('shortLinkTrace/shortLinkTrace', '短链追踪', 'Short link tracking', 'NodeIndexOutlined');

const VOIP: [sub: string, zh: string, en: string, icon: string][] = [
  ['voice-test', '语音测试', 'Voice test', 'SoundOutlined'],
  ['time-task', '定时任务', 'Timed tasks', 'FieldTimeOutlined'],
  ['group-call-task', '群呼任务', 'Group call tasks', 'TeamOutlined'],
  ['group-call-time-task', '定时群呼任务', 'Timed group calls', 'ScheduleOutlined'],
  ['number-pool', '号码池', 'Number pool', 'NumberOutlined'],
  ['voice-monitor', '语音监控', 'Voice monitor', 'MonitorOutlined'],
  ['history-talk', '历史通话', 'Call history', 'HistoryOutlined'],
  ['media-capture', '媒体抓包', 'Media capture', 'VideoCameraOutlined'],
  ['voice-source', '语音资源', 'Voice sources', 'AudioOutlined'],
];

s.group('voip', 'VoIP 工具箱', 'VoIP toolbox', 'PhoneOutlined');
for (const [sub, zh, en, icon] of VOIP) s.page(`voip/${sub}`, zh, en, icon);

s.group('voipIframe', 'VoIP 工具箱（旧版）', 'VoIP toolbox (classic)', 'DesktopOutlined');
for (const [sub, zh, en, icon] of VOIP) {
  const extra: RouteExtra = { iframe: `voip-${sub}` };
  s.page(`voIp/voipIframe/${sub}`, `${zh}（旧版）`, `${en} (classic)`, icon, extra);
}

s.group('smsTest', '短信测试', 'SMS testing', 'ExperimentOutlined')
  .page('sms-test/test', '短信测试', 'SMS test', 'ExperimentOutlined')
  .page('sms-test/cycle-test', '循环测试', 'Cycle tests', 'SyncOutlined')
  .page('sms-test/test-record', '测试记录', 'Test records', 'FileTextOutlined')
  .page('sms-test/test-number-pool', '测试号码池', 'Test number pool', 'NumberOutlined')
  .page('sms-test/number-source-setting', '号码来源设置', 'Number source settings', 'SettingOutlined')
  .page('sms-test/number-device-blacklist', '号码设备黑名单', 'Number and device blacklist', 'StopOutlined')
  .page('sms-test/valid-number-alarm', '有效号码告警', 'Valid number alarms', 'AlertOutlined');

s.group('voice', '语音运营', 'Voice operations', 'CustomerServiceOutlined')
  .page('voice/voice-cc/smsTemplate', '呼叫中心短信模板', 'Call center SMS templates', 'FileTextOutlined')
  .page('voice/voice-group/aiTalk', 'AI 话术', 'AI call scripts', 'RobotOutlined')
  .page('voice/voice-group/aiTalkTemplate', 'AI 话术模板', 'AI script templates', 'SnippetsOutlined')
  .page('voice/voice-group/aiCustomIntent', 'AI 自定义意图', 'AI custom intents', 'BulbOutlined')
  .page('voice/voice-group/aiCustomIntentWhitelist', 'AI 意图白名单', 'AI intent whitelist', 'SafetyOutlined')
  .page('voice/voice-group/aiCorpus', 'AI 语料库', 'AI corpus', 'ReadOutlined');

s.group('channelResource', '通道资源', 'Channel resources', 'ClusterOutlined')
  .page('channel-resource-mgr/channel-resource-mer', '通道资源商', 'Channel resource vendors', 'ShopOutlined')
  .page('channel-resource-mgr/resource-manage', '资源管理', 'Resource management', 'ClusterOutlined')
  .page('channel-resource-mgr/resource-pool', '资源池', 'Resource pool', 'DatabaseOutlined');

s.group('simbank', 'SIM 卡池', 'SIM banks', 'HddOutlined')
  .page('simbank/manager', 'SIM 卡池管理', 'SIM banks', 'HddOutlined')
  .page('simbank/vod/server', '卡池服务器', 'SIM bank servers', 'CloudServerOutlined')
  .page('simbank/sim', 'SIM 卡管理', 'SIM cards', 'CreditCardOutlined')
  .page('simbank/imei', 'IMEI 管理', 'IMEI', 'BarcodeOutlined')
  .page('simbank/log', '卡池日志', 'SIM bank log', 'FileSearchOutlined')
  .page('simbank/port/manager', '端口管理', 'Ports', 'ApiOutlined')
  .page('simbank/port/order', '端口订单', 'Port orders', 'ShoppingCartOutlined')
  .page('simbank/port/water', '端口流水', 'Port transactions', 'TransactionOutlined')
  .page('simbank/port/record', '端口记录', 'Port records', 'ProfileOutlined')
  // detail pages named by the spec (parents chosen by us, see above)
  .detail('submitApply', '提交申请', 'Submit application', 'simbank/port/order', { tagPath: 'path' })
  .detail('submittedApply', '已提交申请', 'Submitted applications', 'simbank/port/order', { tagPath: 'path' })
  .detail('submittedDetail', '申请详情', 'Application details', 'simbank/port/order', { tagPath: 'fullPath' })
  .detail('submitDetail', '提交详情', 'Submission details', 'simbank/port/order', { tagPath: 'fullPath' })
  .detail('THSubmitDetail', 'TH 提交详情', 'TH submission details', 'simbank/port/order', {
    tagPath: 'fullPath',
  })
  .detail('submitWorkOrder', '提交工单', 'Submit work order', 'simbank/port/order', { tagPath: 'path' })
  .detail('workOrderDetail', '工单详情', 'Work order details', 'simbank/port/order', { tagPath: 'fullPath' })
  .detail('orderInfoSumDetails', '订单汇总详情', 'Order summary details', 'simbank/port/order', {
    tagPath: 'fullPath',
  })
  .detail('rechargeApplication', '充值申请', 'Recharge application', 'simbank/port/water', { tagPath: 'path' })
  .detail('rechargeDetails', '充值详情', 'Recharge details', 'simbank/port/water', { tagPath: 'fullPath' });

s.wildcard('业务运营', 'Operations');

export const operationsRoutes = s.routes;
