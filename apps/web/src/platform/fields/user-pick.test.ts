import { describe, expect, it } from 'vitest';
import { pickLabel } from './user-pick';

describe('staff picker label', () => {
  it('shows name, job number and departments, never a login name', () => {
    // a server answer that still carried a login name must not put it on screen
    const answer = { id: 7, name: '王伟', jobNumber: 'S0007', deptNames: ['销售部', '销售一组'], username: 'sales01' };
    expect(pickLabel(answer)).toBe('王伟 (S0007) · 销售部/销售一组');
    expect(pickLabel(answer)).not.toContain('sales01');
    expect(pickLabel({ id: 8, name: 'Ann', jobNumber: 'A1', deptNames: [] })).toBe('Ann (A1)');
  });
});
