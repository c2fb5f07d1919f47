import { describe, expect, it } from 'vitest';
import { batchTransmitBody, customerContactBody, MARK_OPTIONS, mailDingBody, senderQueryBody } from './calls.js';
import { MARK_TYPES } from './index.js';

describe('mail calls of session 9', () => {
  it('batch forward takes 1–20 mails and at least one recipient', () => {
    const ok = { ids: [1, 2], receiverEmailList: [{ email: 'a@x.example' }] };
    expect(batchTransmitBody.parse(ok)).toMatchObject({ ccEmailList: [], content: '' });
    expect(batchTransmitBody.safeParse({ ...ok, ids: [] }).success).toBe(false);
    expect(batchTransmitBody.safeParse({ ...ok, ids: Array.from({ length: 21 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
    expect(batchTransmitBody.safeParse({ ...ok, receiverEmailList: [] }).success).toBe(false);
  });

  it('sender and contact look-ups are bounded; a folder is the inbox or spam', () => {
    expect(senderQueryBody.parse({})).toMatchObject({ folder: 'inbox', size: 20 });
    expect(senderQueryBody.safeParse({ folder: 'sent' }).success).toBe(false);
    expect(senderQueryBody.safeParse({ size: 51 }).success).toBe(false);
    expect(customerContactBody.safeParse({ customerId: 0 }).success).toBe(false);
    expect(customerContactBody.safeParse({ keyword: 'x'.repeat(101) }).success).toBe(false);
  });

  it('the ding switch needs a yes or no; the mark options are exactly the marks receive/mark takes', () => {
    expect(mailDingBody.safeParse({}).success).toBe(false);
    expect(mailDingBody.safeParse({ enabled: 'yes' }).success).toBe(false);
    expect(MARK_OPTIONS.map((o) => o.value)).toEqual([...MARK_TYPES]);
  });
});
