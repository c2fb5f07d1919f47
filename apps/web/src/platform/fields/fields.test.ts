import { FIELD_KINDS, type FieldKind } from '@portal/contracts/fields';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldControl } from './FieldControl';
import { FieldFilter } from './FieldFilter';
import { FieldView } from './FieldView';
import type { FieldDesc } from './field';

// i18n loads its language pack on import: wait for it, or the load can outlive the test environment.
await (await import('../i18n')).i18nReady;

const html = (node: ReactNode) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, node));
const desc = (kind: FieldKind, extra: Partial<FieldDesc> = {}): FieldDesc => ({
  kind,
  label: kind,
  options: [{ value: 'a', label: 'Choice A', color: 'green' }],
  dict: 'crm.level',
  ...extra,
});

describe('field kit: one input, view and filter per kind', () => {
  it('renders an input and every filter operator for every kind', () => {
    for (const kind of FIELD_KINDS) {
      expect(html(createElement(FieldControl, { field: desc(kind), testId: `f-${kind}` })), kind).toMatch(
        /<(input|textarea|button|div)/,
      );
      for (const op of ['eq', 'in', 'range', 'like'] as const)
        expect(html(createElement(FieldFilter, { field: desc(kind), op })), `${kind} ${op}`).not.toBe('');
    }
  });
  it('shows values as people read them', () => {
    const view = (kind: FieldKind, value: unknown, extra?: Partial<FieldDesc>) =>
      html(createElement(FieldView, { field: desc(kind, extra), value }));
    expect(view('money', 123_450)).toContain('1,234.50');
    expect(view('percent', 12.5)).toBe('12.5%');
    expect(view('enum', 'a')).toContain('Choice A');
    expect(view('enum', 'zzz')).toBe('zzz');
    expect(view('text', null)).toBe('-');
    expect(view('text', [])).toBe('-');
    expect(view('text', ['x', 'y'], { multiple: true })).toMatch(/x.*y/);
    expect(view('datetime', '2026-11-21T08:30:00Z')).toMatch(/^2026-11-2\d \d\d:30$/);
    expect(view('email', 'a@b.co')).toContain('mailto:a@b.co');
    // ledger amounts travel as exact decimal text (4 places): separators, at least two decimals, zeros past them dropped
    expect(view('text', '1234567.5000', { decimal: true })).toBe('1,234,567.50');
    expect(view('text', '-20.1250', { decimal: true })).toBe('-20.125');
    expect(view('text', '300', { decimal: true })).toBe('300.00');
    expect(view('text', 'n/a', { decimal: true })).toBe('-');
    // a count reads with separators; a plain number (a port, a year) as written
    expect(view('number', 1234567, { quantity: true })).toBe('1,234,567');
    expect(view('number', 5060)).toBe('5060');
  });
  it('shows people and departments by the names their answer carried (decision 0068)', () => {
    const view = (kind: FieldKind, value: unknown, names?: Record<string, string>, extra?: Partial<FieldDesc>) =>
      html(createElement(FieldView, { field: desc(kind, extra), value, names }));
    expect(view('user', 6, { '6': 'Wei Wang' })).toBe('Wei Wang');
    // no name sent (an id no longer found): the id, never a call of its own
    expect(view('user', 6)).toBe('#6');
    expect(view('user', 7, { '6': 'Wei Wang' })).toBe('#7');
    const many = view('department', [1, 2], { '1': 'Sales', '2': 'Finance' }, { multiple: true });
    expect(many).toMatch(/Sales.*Finance/);
  });
  it('picks departments from the tree and roles from a list; other ids are typed as tags', () => {
    const control = (field: FieldDesc) => html(createElement(FieldControl, { field }));
    expect(control(desc('department', { multiple: true }))).toContain('ant-tree-select');
    expect(control(desc('department', { multiple: true }))).toContain('ant-select-multiple');
    expect(control(desc('number', { ref: 'role', multiple: true }))).toMatch(
      /refPlaceholder.role|选择角色|Choose roles/,
    );
    expect(control(desc('number', { ref: 'thing', multiple: true }))).toContain('ant-select-multiple');
    expect(control(desc('number', { ref: 'thing', multiple: true }))).not.toMatch(/refPlaceholder|选择|Choose/);
  });
});
