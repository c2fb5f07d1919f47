import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the report screens in English. */
export const en: Messages<typeof zhCN> = {
  reports: {
    period: { day: 'Day', week: 'Week', month: 'Month', custom: 'Custom' },
    periodLabel: 'Period',
    previous: 'Previous {{from}} – {{to}}',
    current: 'Period {{from}} – {{to}}',
    subscribe: 'Subscribe',
    drillTop: 'Top level (no drill-down)',
    drillClear: 'Clear',
    currency: 'Currency',
    total: 'Total',
    change: 'vs previous',
    drillHint: 'Click a name to drill down',
    all: 'All',
    chart: 'By day ({{currency}})',
    chartRows: 'By {{dim}} ({{currency}}, first 12)',
    prevSeries: '{{name}} (previous)',
    noData: 'No figures in this period',
    negative: 'Negative margin',
    costApart:
      'Revenue is in the price currency, cost in its own currency; profit and margin only where all the cost is in the price currency ("-": nothing is converted).',
    waitingTitle: 'This report is waiting for its data',
    waiting:
      'It needs {{what}}. Once they arrive, this page shows the period against the previous one, a chart and the table.',
  },
};
