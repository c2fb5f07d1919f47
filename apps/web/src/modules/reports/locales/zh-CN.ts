/** Texts of the report screens in Chinese (dimension and measure titles come from the definitions). */
export const zhCN = {
  reports: {
    period: { day: '日', week: '周', month: '月', custom: '自定义' },
    periodLabel: '期间',
    previous: '上期 {{from}} ~ {{to}}',
    current: '本期 {{from}} ~ {{to}}',
    subscribe: '订阅',
    drillTop: '报表顶层（不下钻）',
    drillClear: '清除',
    currency: '币种',
    total: '合计',
    change: '较上期',
    drillHint: '点击名称下钻',
    all: '全部',
    chart: '每日走势（{{currency}}）',
    chartRows: '按{{dim}}（{{currency}}，前 12 项）',
    prevSeries: '{{name}}（上期）',
    noData: '该期间没有数据',
    negative: '负毛利',
    costApart:
      '收入按售价币种、成本按其自身币种列示；仅当成本全部为售价币种时显示毛利与毛利率（“-”：币种不同，不作换算）。',
    waitingTitle: '此报表还在等待数据',
    waiting: '需要：{{what}}。数据接入后，本页按期间、对比上期、图表与明细表显示。',
  },
};
