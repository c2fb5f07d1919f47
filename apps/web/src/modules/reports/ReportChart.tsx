import { measureTitle, type ReportAnswer, type ReportDef } from '@portal/contracts/reports';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../platform/resource/labels';
import { serverNow } from '../../platform/server-clock';
import { useEChart } from '../../platform/ui/use-echart';

const COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1'];
const MONEY = new Set(['revenue', 'cost', 'profit', 'consumption', 'minutes', 'deliveryRate']);

/** The report's chart measures per day of the period, the previous period's dashed beside them. */
export function ReportChart({ def, answer }: { def: ReportDef; answer: ReportAnswer }) {
  const { t } = useTranslation();
  const label = useLabel();
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    const today = new Date(serverNow()).toISOString().slice(0, 10);
    const series = def.chart.flatMap((m, i) => {
      const name = label(measureTitle(def, m));
      const value = (f: ReportAnswer['series'][number]['current']) => Number(f[m] ?? 0);
      return [
        {
          type: 'line',
          name,
          // days still to come are not drawn (not zero)
          data: answer.series.map((s) => (s.day > today ? null : value(s.current))),
          showSymbol: false,
          color: COLORS[i],
        },
        {
          type: 'line',
          name: t('reports.prevSeries', { name }),
          data: answer.series.map((s) => value(s.prev)),
          showSymbol: false,
          color: COLORS[i],
          lineStyle: { type: 'dashed', opacity: 0.5 },
        },
      ];
    });
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 56, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: answer.series.map((s) => s.day.slice(5)) },
      yAxis: { type: 'value', ...(def.chart.some((m) => MONEY.has(m)) ? {} : { minInterval: 1 }) },
      series,
    };
  }, [def, answer, t, label]);
  useEChart(box, option);
  return <div ref={box} style={{ height: 280, width: '100%' }} data-testid="report-chart" />;
}
