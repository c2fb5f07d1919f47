import { useEffect, useRef, useState } from 'react';

export interface FunnelDatum {
  name: string;
  value: number;
  /** the tooltip's second line (amounts) */
  detail: string;
}

type Chart = { setOption(o: unknown): void; resize(): void; dispose(): void };

/** ECharts, loaded on first use (its own chunk), with only the funnel chart and what it needs. */
async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([charts.FunnelChart, components.TooltipComponent, renderers.CanvasRenderer]);
  return core;
}

/** A funnel of counts per stage; the tooltip shows the amounts. */
export function FunnelChart({ data, height = 300 }: { data: FunnelDatum[]; height?: number }) {
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
    chart.current?.setOption({
      // drawn at once: figures, not a show (and screenshots see the final shapes)
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; dataIndex: number }) =>
          `${p.name}: ${p.value}<br/>${data[p.dataIndex]?.detail ?? ''}`,
      },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          left: '10%',
          width: '80%',
          minSize: '12%',
          label: { show: true, position: 'inside', formatter: '{b}  {c}' },
          data: data.map((d) => ({ name: d.name, value: d.value })),
        },
      ],
    });
  }, [data, ready]);

  return <div ref={box} style={{ width: '100%', height }} data-testid="crm-funnel-chart" />;
}
