import { describe, expect, it } from 'vitest';
import { ClientCode } from './api-error';
import { decideErrorAction, type FailedCall } from './error-policy';

const texts = { sessionExpired: 'SESSION', timeout: 'TIMEOUT', network: 'NETWORK', cannotExecute: 'CANNOT' };
const call = (code: number, extra: Partial<FailedCall> = {}): FailedCall => ({
  code,
  msg: 'server says',
  data: null,
  status: 400,
  statusText: 'Bad Request',
  ...extra,
});

describe('decideErrorAction', () => {
  it('expires the session on 10010002 and 10010007 even when messages are off', () => {
    expect(decideErrorAction(call(10010002), false, texts)).toEqual({ kind: 'session-expired', text: 'server says' });
    expect(decideErrorAction(call(10010007, { msg: '' }), false, texts)).toEqual({
      kind: 'session-expired',
      text: 'SESSION',
    });
  });

  it('sends 10170036 to the no-mailbox screen', () => {
    expect(decideErrorAction(call(10170036), true, texts)).toEqual({ kind: 'no-mailbox', to: '/message/email/none' });
  });

  it('shows 10170039 as a success toast', () => {
    expect(decideErrorAction(call(10170039, { msg: '操作成功' }), false, texts)).toEqual({
      kind: 'success-toast',
      text: '操作成功',
    });
  });

  it('offers the alias change records of the task on 10050027', () => {
    const action = decideErrorAction(call(10050027, { data: { taskId: 42 } }), true, texts);
    expect(action).toEqual({
      kind: 'alias-pending',
      text: 'server says',
      recordsPath: '/crm/operate/alias-record?taskId=42',
    });
  });

  it('fills the alias into 10050016 when the server left the placeholder', () => {
    const action = decideErrorAction(
      call(10050016, { msg: '别名 {value} 已被占用', data: { alias: 'acme' } }),
      true,
      texts,
    );
    expect(action).toEqual({ kind: 'warning', text: '别名 acme 已被占用' });
  });

  it.each([10060053, 10060054, 10060058, 10060059])('makes %i a non-dismissible cannot-execute warning', (code) => {
    expect(decideErrorAction(call(code), false, texts)).toEqual({ kind: 'cannot-execute', text: 'server says' });
  });

  it('shows other codes only when the call asked for messages', () => {
    expect(decideErrorAction(call(10010012), true, texts)).toEqual({ kind: 'error', text: 'server says' });
    expect(decideErrorAction(call(10010012), false, texts)).toEqual({ kind: 'none' });
  });

  it('says timed out on a timeout', () => {
    expect(decideErrorAction(call(ClientCode.TIMEOUT, { msg: '' }), true, texts)).toEqual({
      kind: 'error',
      text: 'TIMEOUT',
    });
  });

  it('shows status and status text for HTTP errors without an envelope', () => {
    const e = call(ClientCode.HTTP, { msg: '', status: 502, statusText: 'Bad Gateway' });
    expect(decideErrorAction(e, true, texts)).toEqual({ kind: 'error', text: '502 Bad Gateway' });
  });

  it('never shows a cancelled call', () => {
    expect(decideErrorAction(call(ClientCode.ABORTED, { msg: '' }), true, texts)).toEqual({ kind: 'none' });
  });
});
