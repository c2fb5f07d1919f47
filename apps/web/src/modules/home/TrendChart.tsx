import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeTrend } from './api';
import { trendSeries } from './figures';

type Chart = { setOption(o: unknown, notMerge?: boolean): void; resize(): void; dispose(): void };

/** ECharts, loaded on first use (its own chunk), with only the line and bar charts. */
async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.BarChart,
    charts.LineChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
}

/** My volume (bars) and revenue per currency (lines) of the last 30 days. */
export default function TrendChart({ trend, height = 260 }: { trend: HomeTrend; height?: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    const observer = new ResizeObserver(() => chart.current?.resize());
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current) as unknown as Chart;
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    const s = trendSeries(trend);
    const volume = t('home.trend.volume');
    chart.current?.setOption(
      {
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
      },
      true,
    );
  }, [ready, trend, t]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid="home-trend-chart" />;
}
