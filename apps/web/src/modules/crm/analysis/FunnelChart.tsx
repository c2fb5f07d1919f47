import { useMemo, useRef } from 'react';
import { useEChart } from '../../../platform/ui/use-echart';

export interface FunnelDatum {
  name: string;
  value: number;
  /** the tooltip's second line (amounts) */
  detail: string;
}

/** A funnel of counts per stage; the tooltip shows the amounts. */
export function FunnelChart({ data, height = 300 }: { data: FunnelDatum[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(
    () => ({
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
    }),
    [data],
  );
  useEChart(box, option);
  return <div ref={box} style={{ width: '100%', height }} data-testid="crm-funnel-chart" />;
}
