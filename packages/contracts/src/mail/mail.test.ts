import { describe, expect, it } from 'vitest';
import { EMAIL_TYPE_OF, mailboxBindBody, mailMarkBody, mailSendBody } from './index.js';

describe('mail payloads', () => {
  it('maps details types to mail types (spec 4)', () => {
    expect(EMAIL_TYPE_OF).toEqual({ sent: 1, editAgain: 1, inbox: 2, spam: 3 });
  });

  it('binds with a normalised address and write-only password; refuses bad ports and addresses', () => {
    const ok = mailboxBindBody.parse({ email: ' Sales01@Portal.Example ', connector: 'local' });
    expect(ok.email).toBe('sales01@portal.example');
    expect(ok.password).toBeUndefined();
    expect(mailboxBindBody.safeParse({ email: 'x@y.example', imapPort: 70000 }).success).toBe(false);
    expect(mailboxBindBody.safeParse({ email: 'not-an-address' }).success).toBe(false);
    expect(mailboxBindBody.safeParse({ email: 'x@y.example', connector: 'pop3' }).success).toBe(false);
  });

  it('defaults empty recipient lists and caps attachments; marks are a closed set', () => {
    expect(mailSendBody.parse({})).toMatchObject({
      receiverEmailList: [],
      ccEmailList: [],
      bccEmailList: [],
      fileIds: [],
    });
    expect(mailSendBody.safeParse({ fileIds: Array.from({ length: 31 }, (_, i) => String(i)) }).success).toBe(false);
    expect(mailMarkBody.safeParse({ ids: [1], markType: 'star' }).success).toBe(true);
    expect(mailMarkBody.safeParse({ ids: [], markType: 'star' }).success).toBe(false);
    expect(mailMarkBody.safeParse({ ids: [1], markType: 'delete' }).success).toBe(false);
  });
});
