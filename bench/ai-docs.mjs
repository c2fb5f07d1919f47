// Synthetic knowledge documents for the AI benchmarks: plausible telecom operations handbooks in
// zh and en, from a seeded generator (the same 1,000 documents on every run).

const ZH = [
  '短信',
  '通道',
  '路由',
  '报价',
  '客户',
  '供应商',
  '账单',
  '对账',
  '充值',
  '信用',
  '审批',
  '号码',
  '国家',
  '运营商',
  '送达率',
  '回执',
  '发件人',
  '模板',
  '营销',
  '验证码',
  '语音',
  '线路',
  '网关',
  '话单',
  '余额',
  '汇率',
  '合同',
  '用印',
  '线索',
  '公海',
  '告警',
  '指标',
  '设备',
  '库存',
  '采购',
  '订单',
  '入库',
  '出库',
  '端口',
  '卡池',
];
const EN = [
  'route',
  'channel',
  'tariff',
  'invoice',
  'settlement',
  'carrier',
  'delivery',
  'receipt',
  'template',
  'campaign',
  'balance',
  'credit',
  'approval',
  'gateway',
  'trunk',
  'codec',
  'latency',
  'throughput',
  'quota',
  'reseller',
  'margin',
  'refund',
  'ledger',
  'warehouse',
  'inventory',
  'shipment',
  'alarm',
  'threshold',
  'dashboard',
  'webhook',
];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const words = (r, list, n, sep) => Array.from({ length: n }, () => pick(r, list)).join(sep);

/** The i-th synthetic document: { fileName, content } (markdown, about 2 KB). */
export function syntheticDoc(i) {
  const r = rng(i + 1);
  const sections = [];
  for (let s = 0; s < 4; s++) {
    sections.push(`## ${words(r, ZH, 2, '')}${words(r, ZH, 1, '')}怎么处理？`);
    sections.push(`${words(r, ZH, 40, '')}。${words(r, ZH, 30, '')}。`);
    sections.push(`## How to handle ${words(r, EN, 3, ' ')}?`);
    sections.push(`${words(r, EN, 45, ' ')}.`);
  }
  return {
    fileName: `handbook-${String(i).padStart(4, '0')}.md`,
    content: `# 运营手册 ${i} / Operations handbook ${i}\n\n${sections.join('\n\n')}\n`,
  };
}
