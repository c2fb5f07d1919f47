import { OPTIONS_IDS_MAX, type OptionKind, type RecordOption } from '@portal/contracts/options';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldControl } from './FieldControl';
import { FieldView } from './FieldView';
import type { FieldDesc } from './field';
import { RecordSelect } from './RecordSelect';
import { nameBatcher, optionLabel, recordKeys, viewLabel } from './records';

await (await import('../i18n')).i18nReady;

const rec = (id: number): RecordOption => ({ id, code: `CU${id}`, name: `Customer ${id}` });

describe('record picker (decision 0132)', () => {
  it('asks once for every id named in the same tick, and answers null for ids out of scope', async () => {
    const calls: [OptionKind, number[]][] = [];
    const load = nameBatcher(async (kind, ids) => {
      calls.push([kind, ids]);
      return ids.filter((id) => id !== 3).map(rec);
    });
    const got = await Promise.all([load('customer', 1), load('customer', 2), load('customer', 3), load('customer', 1)]);
    expect(calls).toEqual([['customer', [1, 2, 3]]]);
    expect(got.map((o) => o?.name ?? null)).toEqual(['Customer 1', 'Customer 2', null, 'Customer 1']);
    // kinds apart, and a page of more ids than one call takes in chunks
    calls.length = 0;
    const many = Array.from({ length: OPTIONS_IDS_MAX + 5 }, (_, i) => i + 10);
    await Promise.all([...many.map((id) => load('account', id)), load('supplier', 1)]);
    expect(calls.map(([k, ids]) => [k, ids.length])).toEqual([
      ['account', OPTIONS_IDS_MAX],
      ['account', 5],
      ['supplier', 1],
    ]);
  });

  it('a failed look-up fails every id it asked for', async () => {
    const load = nameBatcher(async () => {
      throw new Error('offline');
    });
    await expect(Promise.all([load('customer', 1), load('customer', 2)])).rejects.toThrow('offline');
  });

  it('reads code and name in the picker; a list reads the name, an account its code and customer', () => {
    expect(optionLabel(rec(7))).toBe('CU7 Customer 7');
    expect(viewLabel('customer', rec(7))).toBe('Customer 7');
    expect(viewLabel('account', { id: 1, code: 'A00001', name: 'Acme' })).toBe('A00001 · Acme');
  });

  const html = (node: ReactNode, client = new QueryClient()) =>
    renderToStaticMarkup(createElement(QueryClientProvider, { client }, node));
  const named = () => {
    const client = new QueryClient();
    client.setQueryData(recordKeys.one('customer', 7), rec(7));
    client.setQueryData(recordKeys.one('account', 9), { id: 9, code: 'A00009', name: 'Acme' });
    return client;
  };

  it('shows a chosen id by code and name once named, by #id before', () => {
    expect(html(createElement(RecordSelect, { kind: 'customer', value: 7 }), named())).toContain('CU7 Customer 7');
    expect(html(createElement(RecordSelect, { kind: 'customer', value: 8 }), named())).toContain('#8');
    const many = html(createElement(RecordSelect, { kind: 'customer', mode: 'multiple', value: [7, 8] }), named());
    expect(many).toMatch(/CU7 Customer 7[\s\S]*#8/);
  });

  it('fields of these kinds, or whose ref names one, get the picker; values read by name', () => {
    const f = (extra: Partial<FieldDesc>): FieldDesc => ({ kind: 'number', label: 'x', ...extra });
    for (const [field, text] of [
      [f({ kind: 'customer' }), /Search customers|搜索客户/],
      [f({ kind: 'customer', ref: 'agent' }), /Search agents|搜索代理/],
      [f({ kind: 'supplier' }), /Search suppliers|搜索供应商/],
      [f({ ref: 'account', multiple: true }), /Search accounts|搜索/],
    ] as const)
      expect(html(createElement(FieldControl, { field })), String(field.ref ?? field.kind)).toMatch(text);
    const view = (field: FieldDesc, value: unknown) =>
      html(createElement(FieldView, { field, value, cell: true }), named());
    expect(view(f({ kind: 'customer' }), 7)).toBe('Customer 7');
    expect(view(f({ ref: 'account' }), 9)).toBe('A00009 · Acme');
    expect(view(f({ kind: 'customer' }), 8)).toBe('#8');
    // a name the answer carried wins, without a look-up
    expect(html(createElement(FieldView, { field: f({ kind: 'customer' }), value: 8, names: { '8': 'Sent' } }))).toBe(
      'Sent',
    );
  });
});
