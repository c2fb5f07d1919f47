import { type RefObject, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

type Chart = { setOption(o: unknown, notMerge?: boolean): void; resize(): void; dispose(): void };

/** ECharts, loaded on first use (its own chunk), with the charts the portal draws and what they need. */
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
    charts.FunnelChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
}

/**
 * Draws `option` in `box` (replacing what was drawn: pass a memoised option), following the box's
 * resizes; the chart is created once the library has loaded and disposed with the component.
 */
export function useEChart(box: RefObject<HTMLElement | null>, option: object | null): void {
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
  }, [box]);

  useEffect(() => {
    if (ready && option)
      chart.current?.setOption(prefersReducedMotion() ? { ...option, animation: false } : option, true);
  }, [ready, option]);
}
