import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../platform/ui/use-echart';
import type { HomeTrend } from './api';
import { trendSeries } from './figures';

/** My volume (bars) and revenue per currency (lines) of the last 30 days. */
export default function TrendChart({ trend, height = 260 }: { trend: HomeTrend; height?: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    const s = trendSeries(trend);
    const volume = t('home.trend.volume');
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [volume, ...s.revenue.map((r) => t('home.trend.revenue', { currency: r.currency }))] },
      grid: { left: 48, right: 48, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: s.days },
      yAxis: [
        { type: 'value', name: volume, minInterval: 1 },
        { type: 'value', name: t('home.trend.revenueAxis'), splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: volume, data: s.count, itemStyle: { color: '#91caff' } },
        ...s.revenue.map((r) => ({
          type: 'line',
          name: t('home.trend.revenue', { currency: r.currency }),
          yAxisIndex: 1,
          data: r.values,
          showSymbol: false,
        })),
      ],
    };
  }, [trend, t]);
  useEChart(box, option);
  return <div ref={box} style={{ height, width: '100%' }} data-testid="home-trend-chart" />;
}
