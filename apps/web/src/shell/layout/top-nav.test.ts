import { describe, expect, it } from 'vitest';
import { splitEntries } from './TopNav';

const entries = ['home', 'crm', 'srm', 'finance', 'general', 'setModule'].map((key) => ({ key }));
const keys = (l: { key: string }[]) => l.map((e) => e.key);

describe('top bar entries', () => {
  it('shows the first entries that fit and puts the rest under the more button', () => {
    const { shown, rest } = splitEntries(entries, 3, 'crm');
    expect(keys(shown)).toEqual(['home', 'crm', 'srm']);
    expect(keys(rest)).toEqual(['finance', 'general', 'setModule']);
  });

  it('keeps the current module in the bar even when it would not fit', () => {
    const { shown, rest } = splitEntries(entries, 3, 'general');
    expect(keys(shown)).toEqual(['home', 'crm', 'general']);
    expect(keys(rest)).toEqual(['srm', 'finance', 'setModule']);
    expect(keys(splitEntries(entries, 3, 'nothing').shown)).toEqual(['home', 'crm', 'srm']);
    expect(keys(splitEntries(entries, 6, 'setModule').rest)).toEqual([]);
  });
});
