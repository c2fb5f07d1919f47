import { Background, type Edge, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow.css';
import { useMemo } from 'react';
import type { FlowBox, FlowState } from './flow-model';

const STYLE: Record<FlowState, { border: string; background: string; color?: string }> = {
  start: { border: '#8c8c8c', background: '#fafafa' },
  end: { border: '#8c8c8c', background: '#fafafa' },
  done: { border: '#52c41a', background: '#f6ffed' },
  current: { border: '#1677ff', background: '#e6f4ff' },
  todo: { border: '#d9d9d9', background: '#fff' },
  cc: { border: '#13c2c2', background: '#e6fffb' },
  stopped: { border: '#ff4d4f', background: '#fff2f0' },
};
const ROW = 84;
const WIDTH = 200;
const BRANCH_SHIFT = 48;

/**
 * The drawn flow (React Flow): boxes top to bottom, the current one highlighted; a box with a
 * condition is entered through a labelled edge and can be bypassed (a branch).
 * Lazy-loaded: React Flow is not part of the shell bundle.
 */
export default function FlowDiagram({ boxes }: { boxes: FlowBox[] }) {
  const { nodes, edges } = useMemo(() => {
    const nodes: Node[] = boxes.map((b, i) => {
      const s = STYLE[b.state];
      return {
        id: b.id,
        // a conditional node stands aside, so the bypass beside it shows the branch
        position: { x: b.condition ? BRANCH_SHIFT : 0, y: i * ROW },
        data: {
          label: (
            <div data-testid="flow-node" data-state={b.state} data-node={b.id}>
              <div style={{ fontWeight: 500 }}>{b.title}</div>
              {b.subtitle && <div style={{ fontSize: 11, color: '#8c8c8c' }}>{b.subtitle}</div>}
            </div>
          ),
        },
        draggable: false,
        connectable: false,
        style: {
          width: WIDTH,
          padding: 6,
          border: `${b.state === 'current' ? 2 : 1}px ${b.condition ? 'dashed' : 'solid'} ${s.border}`,
          background: s.background,
          borderRadius: b.state === 'start' || b.state === 'end' ? 18 : 6,
          boxShadow: b.state === 'current' ? '0 0 0 4px rgba(22,119,255,0.15)' : undefined,
          fontSize: 12,
        },
      };
    });
    const edges: Edge[] = [];
    boxes.forEach((b, i) => {
      const next = boxes[i + 1];
      if (!next) return;
      edges.push({
        id: `${b.id}->${next.id}`,
        source: b.id,
        target: next.id,
        markerEnd: { type: MarkerType.ArrowClosed },
        ...(next.condition ? { label: next.condition, labelStyle: { fontSize: 10 } } : {}),
        animated: next.state === 'current',
      });
      const after = boxes[i + 2];
      if (next.condition && after)
        edges.push({
          id: `${b.id}~>${after.id}`,
          source: b.id,
          target: after.id,
          style: { strokeDasharray: '4 3' },
          markerEnd: { type: MarkerType.ArrowClosed },
        });
    });
    return { nodes, edges };
  }, [boxes]);
  return (
    <div
      className="wf-flow"
      style={{ height: Math.max(boxes.length * ROW + 20, 200), width: '100%' }}
      data-testid="flow-diagram"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        fitViewOptions={{ padding: 0.1, maxZoom: 1 }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        panOnDrag={false}
        zoomOnScroll={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        preventScrolling={false}
      >
        <Background gap={16} size={1} />
      </ReactFlow>
    </div>
  );
}
