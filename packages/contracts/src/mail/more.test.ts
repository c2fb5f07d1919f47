import { describe, expect, it } from 'vitest';
import { timedDraftBody } from './index.js';
import { bookBody, isSenderRuleValue, pushBillBody, senderRuleOf, timedTimeBody } from './more.js';

describe('mail payloads, more', () => {
  it('takes an address or an @domain for the lists; the address wins over its domain', () => {
    expect(isSenderRuleValue('lena@nordtel.example')).toBe(true);
    expect(isSenderRuleValue('@nordtel.example')).toBe(true);
    expect(isSenderRuleValue('nordtel.example')).toBe(false);
    expect(isSenderRuleValue('@localhost')).toBe(false);
    const rules = [
      { kind: 'black' as const, value: '@nordtel.example' },
      { kind: 'white' as const, value: 'lena@nordtel.example' },
    ];
    expect(senderRuleOf(rules, 'Lena@Nordtel.Example')).toBe('white');
    expect(senderRuleOf(rules, 'spam@nordtel.example')).toBe('black');
    expect(senderRuleOf(rules, 'x@other.example')).toBeNull();
  });

  it('normalises address book addresses and refuses bad ones', () => {
    expect(bookBody.parse({ email: ' A@B.Example ' }).email).toBe('a@b.example');
    expect(bookBody.safeParse({ email: 'no' }).success).toBe(false);
  });

  it('needs a real time for a timed send; null cancels', () => {
    expect(timedDraftBody.safeParse({ sendAt: '2026-11-24T10:00:00Z' }).success).toBe(true);
    expect(timedDraftBody.safeParse({ sendAt: 'soon' }).success).toBe(false);
    expect(timedDraftBody.safeParse({}).success).toBe(false);
    expect(timedTimeBody.parse({ id: 1, sendAt: null }).sendAt).toBeNull();
  });

  it('hands bills over only with a known kind', () => {
    expect(pushBillBody.safeParse({ id: 1, billFlag: 'supplierBill' }).success).toBe(true);
    expect(pushBillBody.safeParse({ id: 1, billFlag: 'other' }).success).toBe(false);
  });
});
