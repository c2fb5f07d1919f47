import { defineSection } from './define.js';

/** Reports (/reportAnalysis/...), spec 2. The C-end / R-end / operation cuts are menu pages of their own. */
const s = defineSection('reportAnalysis');

s.group('customer', '客户报表', 'Customer reports', 'UserOutlined')
  .page('userReport', '客户报表', 'Customer report', 'UserOutlined')
  .page('consume-report', '消费报表', 'Consumption report', 'WalletOutlined')
  .page('supplierReport', '供应商报表', 'Supplier report', 'ShopOutlined')
  // issue 19: a report can be subscribed to by mail (no spec path; decision 0066)
  .page('subscriptions', '报表订阅', 'Report subscriptions', 'MailOutlined');

s.group('sms', '短信报表', 'SMS reports', 'MessageOutlined')
  .page('sms/report', '短信报表', 'SMS report', 'TableOutlined')
  .page('sms/report/c-end', '短信报表（C 端）', 'SMS report (direct)', 'TableOutlined')
  .page('sms/report/r-end', '短信报表（R 端）', 'SMS report (reseller)', 'TableOutlined')
  .page('sms/report/operation', '短信运营报表', 'SMS operations report', 'TableOutlined')
  .page('sms/analysis', '短信分析', 'SMS analysis', 'AreaChartOutlined')
  .page('sms/analysis/c-end', '短信分析（C 端）', 'SMS analysis (direct)', 'AreaChartOutlined')
  .page('sms/analysis/r-end', '短信分析（R 端）', 'SMS analysis (reseller)', 'AreaChartOutlined')
  .page('startSms', '短信起量分析', 'SMS ramp-up', 'RiseOutlined')
  .page('otp-sms-statistics', 'OTP 短信统计', 'OTP SMS statistics', 'SafetyOutlined')
  .page('wa-session-statistics', 'WhatsApp 会话统计', 'WhatsApp session statistics', 'WhatsAppOutlined');

s.group('voice', '语音报表', 'Voice reports', 'PhoneOutlined')
  .page('voiceReport', '语音报表', 'Voice report', 'PhoneOutlined')
  .page('startVoice', '语音起量分析', 'Voice ramp-up', 'RiseOutlined');

s.group('profit', '利润分析', 'Profit analysis', 'FundOutlined')
  .page('smsProfitAnalysis', '短信利润分析', 'SMS profit analysis', 'FundOutlined')
  .page('voice/profit', '语音利润分析', 'Voice profit analysis', 'FundOutlined');

s.group('channel', '通道与设备', 'Channels and devices', 'ClusterOutlined')
  .page('channelReport', '通道报表', 'Channel report', 'ClusterOutlined')
  .page('channel/analysis', '通道分析', 'Channel analysis', 'DotChartOutlined')
  .page('equipReport', '设备报表', 'Device report', 'HddOutlined')
  .page('goip/analysis', 'GoIP 分析', 'GoIP analysis', 'PieChartOutlined');

s.wildcard('报表分析', 'Reports');

export const reportRoutes = s.routes;
