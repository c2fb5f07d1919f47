import type { ProcessNode, RouteStep } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { minorToDisplay } from '../../platform/fields/money';
import { definitionFlow, instanceFlow } from './flow-model';

const step = (nodeKey: string, type: 'approval' | 'cc' = 'approval'): RouteStep => ({
  nodeKey,
  name: nodeKey,
  type,
  mode: 'any',
  approvers: [{ id: 1, name: 'A' }],
  timeLimitHours: null,
  rejectable: true,
});
const labels = { start: 'S', end: 'E', initiator: 'I', statusText: 'x' };

describe('instance flow', () => {
  it('marks passed nodes done and highlights the current one', () => {
    const boxes = instanceFlow({
      route: [step('a'), step('b'), step('c', 'cc')],
      passed: ['a'],
      current: 'b',
      status: 'running',
      labels,
    });
    expect(boxes.map((b) => [b.id, b.state])).toEqual([
      ['__start', 'start'],
      ['a', 'done'],
      ['b', 'current'],
      ['c', 'cc'],
      ['__end', 'end'],
    ]);
  });
  it('a finished request has no current node; the end shows how it ended', () => {
    const approved = instanceFlow({ route: [step('a')], passed: ['a'], current: null, status: 'approved', labels });
    expect(approved.at(-1)?.state).toBe('done');
    const rejected = instanceFlow({ route: [step('a')], passed: [], current: 'a', status: 'rejected', labels });
    expect(rejected.find((b) => b.id === 'a')?.state).toBe('todo');
    expect(rejected.at(-1)?.state).toBe('stopped');
  });
});

describe('definitionFlow conditions', () => {
  it('shows a money condition as the amount, not minor units', () => {
    const boxes = definitionFlow(
      [
        {
          key: 'finance',
          name: '财务',
          nameEn: 'Finance',
          type: 'approval',
          approverKind: 'role',
          roleId: 1,
          conditions: [{ field: 'amount', op: 'gt', value: 1_000_000 }],
        } as unknown as ProcessNode,
      ],
      {
        start: 'Start',
        end: 'End',
        approvers: () => 'Role',
        name: (n) => n.nameEn ?? n.name,
        field: () => 'Amount',
        value: (k, v) => (k === 'amount' && typeof v === 'number' ? minorToDisplay(v) : String(v)),
      },
    );
    expect(boxes[1]!.condition).toBe('Amount > 10,000.00');
    expect(boxes[1]!.title).toBe('Finance');
  });
});
