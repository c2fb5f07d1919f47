import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { FlowBox } from './flow-model';

const FlowDiagram = lazy(() => import('./FlowDiagram'));

/** The drawn flow, loaded on first use so React Flow stays out of the shell and list bundles. */
export function LazyFlow({ boxes }: { boxes: FlowBox[] }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: 220, height: 160 }} />}>
      <FlowDiagram boxes={boxes} />
    </Suspense>
  );
}
