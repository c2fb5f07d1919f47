import type { ProcessNode, RouteStep } from '@portal/contracts';

/** The drawn flow, independent of the drawing library: a chain of boxes, optionally with bypasses. */
export type FlowState = 'start' | 'end' | 'done' | 'current' | 'todo' | 'cc' | 'stopped';
export interface FlowBox {
  id: string;
  title: string;
  subtitle: string;
  state: FlowState;
  /** the condition that puts this box on the route (drawn on its incoming edge, with a bypass) */
  condition?: string;
}

const OPS: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠' };

/** A request's route: passed nodes done, the current one highlighted, the end by the request's state. */
export function instanceFlow(input: {
  route: RouteStep[];
  passed: string[];
  current: string | null;
  status: string;
  labels: { start: string; end: string; initiator: string; statusText: string };
}): FlowBox[] {
  const finished = ['approved', 'rejected', 'withdrawn'].includes(input.status);
  return [
    { id: '__start', title: input.labels.start, subtitle: input.labels.initiator, state: 'start' },
    ...input.route.map<FlowBox>((s) => ({
      id: s.nodeKey,
      title: s.name,
      subtitle: s.approvers.map((a) => a.name).join('、') || '-',
      state: input.passed.includes(s.nodeKey)
        ? 'done'
        : s.nodeKey === input.current && !finished
          ? 'current'
          : s.type === 'cc'
            ? 'cc'
            : 'todo',
    })),
    {
      id: '__end',
      title: input.labels.end,
      subtitle: input.labels.statusText,
      state: input.status === 'approved' ? 'done' : finished ? 'stopped' : 'end',
    },
  ];
}

/** A process definition as drawn in the editor: conditional nodes get their condition and a bypass. */
export function definitionFlow(
  nodes: ProcessNode[],
  labels: {
    start: string;
    end: string;
    approvers: (n: ProcessNode) => string;
    /** the node's name in the reader's language */
    name: (n: ProcessNode) => string;
    field: (key: string) => string;
    /** a condition's value as shown (money fields: minor units as "10,000.00"); default its text */
    value?: (key: string, value: unknown) => string;
  },
): FlowBox[] {
  return [
    { id: '__start', title: labels.start, subtitle: '', state: 'start' },
    ...nodes.map<FlowBox>((n) => ({
      id: n.key,
      title: labels.name(n),
      subtitle: labels.approvers(n),
      state: n.type === 'cc' ? 'cc' : 'todo',
      ...(n.conditions.length > 0
        ? {
            condition: n.conditions
              .map(
                (c) =>
                  `${labels.field(c.field)} ${OPS[c.op] ?? c.op} ${labels.value?.(c.field, c.value) ?? String(c.value)}`,
              )
              .join(' & '),
          }
        : {}),
    })),
    { id: '__end', title: labels.end, subtitle: '', state: 'end' },
  ];
}
