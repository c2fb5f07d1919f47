import { defineSection } from './define.js';

/** Heavenly warning (/heavenlyWarning/...): early-warning monitoring, spec 2. */
const s = defineSection('heavenlyWarning');

s.group('library', '指标库', 'Indicators', 'DatabaseOutlined')
  .page('basiclibrary', '基础指标库', 'Basic indicators', 'DatabaseOutlined')
  .page('configlibrary', '配置指标库', 'Configured indicators', 'SlidersOutlined');

s.group('alarm', '告警配置', 'Alarm settings', 'AlertOutlined')
  .page('alrmrules/rules', '告警规则', 'Alarm rules', 'AlertOutlined')
  .page('alrmrules/alrmgroup', '告警组', 'Alarm groups', 'TeamOutlined');

s.group('monitor', '监控告警', 'Monitoring', 'MonitorOutlined')
  .page('monitoring', '实时监控', 'Monitoring', 'MonitorOutlined')
  .page('alarmdata', '告警数据', 'Alarm data', 'WarningOutlined');

s.wildcard('天网预警', 'Early warning');

export const warningRoutes = s.routes;
