import {
  CATEGORY_TITLE,
  measureTitle,
  type ReportAnswer,
  type ReportDef,
  type ReportMeasure,
} from '@portal/contracts/reports';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../platform/resource/labels';
import { serverNow } from '../../platform/server-clock';
import { useEChart } from '../../platform/ui/use-echart';

const COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1'];
const MONEY = new Set(['revenue', 'cost', 'profit', 'consumption', 'minutes', 'deliveryRate', 'dlrTime']);
/**
 * null where some cost is in another currency than the revenue (decision 0109): a gap, not a zero. The
 * measures as `figures.ts` MONEY_APART, named here: importing that module from the chart changed the
 * chunks so that the shell's entry grew past its budget.
 */
const APART = new Set<ReportMeasure>(['cost', 'profit', 'margin']);
const num = (m: ReportMeasure, v: string | number | null | undefined) =>
  v == null ? (APART.has(m) ? null : 0) : Number(v);
/** a row chart shows this many rows of the level (the table holds all) */
const ROW_BARS = 12;

/** The report's chart measures per day of the period, the previous period's dashed beside them. */
export function ReportChart({ def, answer }: { def: ReportDef; answer: ReportAnswer }) {
  const { t } = useTranslation();
  const label = useLabel();
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    if (def.chartRows) {
      // the level's rows of the main currency as bars, the previous period faded beside each
      const rows = answer.rows.filter((r) => r.currency === answer.currency).slice(0, ROW_BARS);
      const name = (r: ReportAnswer['rows'][number]) => {
        const title = answer.dim === 'category' ? CATEGORY_TITLE[r.key] : undefined;
        return title ? label(title) : r.label;
      };
      return {
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0, type: 'scroll' },
        grid: { left: 56, right: 16, top: 36, bottom: 28, containLabel: true },
        xAxis: { type: 'category', data: rows.map(name), axisLabel: { interval: 0, hideOverlap: true } },
        yAxis: { type: 'value', minInterval: 1 },
        series: def.chart.flatMap((m, i) => {
          const title = label(measureTitle(def, m));
          return [
            { type: 'bar', name: title, data: rows.map((r) => num(m, r[m])), color: COLORS[i] },
            {
              type: 'bar',
              name: t('reports.prevSeries', { name: title }),
              data: rows.map((r) => num(m, r.prev[m])),
              color: COLORS[i],
              itemStyle: { opacity: 0.4 },
            },
          ];
        }),
      };
    }
    const today = new Date(serverNow()).toISOString().slice(0, 10);
    const series = def.chart.flatMap((m, i) => {
      const name = label(measureTitle(def, m));
      const value = (f: ReportAnswer['series'][number]['current']) => num(m, f[m]);
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
