import { Errors } from '@portal/contracts';
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
    expect(decideErrorAction(call(Errors.TOKEN_INVALID.code), false, texts)).toEqual({
      kind: 'session-expired',
      text: 'server says',
    });
    expect(decideErrorAction(call(Errors.REFRESH_INVALID.code, { msg: '' }), false, texts)).toEqual({
      kind: 'session-expired',
      text: 'SESSION',
    });
  });

  it('sends 10170036 to the no-mailbox screen', () => {
    expect(decideErrorAction(call(Errors.NO_MAILBOX.code), true, texts)).toEqual({
      kind: 'no-mailbox',
      to: '/message/email/none',
    });
  });

  it('shows 10170039 as a success toast', () => {
    expect(decideErrorAction(call(Errors.MAIL_OK_NOTICE.code, { msg: '操作成功' }), false, texts)).toEqual({
      kind: 'success-toast',
      text: '操作成功',
    });
  });

  it('offers the alias change records of the task on 10050027', () => {
    const action = decideErrorAction(call(Errors.ALIAS_CHANGE_PENDING.code, { data: { taskId: 42 } }), true, texts);
    expect(action).toEqual({
      kind: 'alias-pending',
      text: 'server says',
      recordsPath: '/crm/operate/alias-record?taskId=42',
    });
  });

  it('fills the alias into 10050016 when the server left the placeholder', () => {
    const action = decideErrorAction(
      call(Errors.ALIAS_TAKEN.code, { msg: '别名 {value} 已被占用', data: { alias: 'acme' } }),
      true,
      texts,
    );
    expect(action).toEqual({ kind: 'warning', text: '别名 acme 已被占用' });
  });

  it.each([
    Errors.CANNOT_EXECUTE_53.code,
    Errors.CANNOT_EXECUTE_54.code,
    Errors.CANNOT_EXECUTE_58.code,
    Errors.CANNOT_EXECUTE_59.code,
  ])('makes %i a non-dismissible cannot-execute warning', (code) => {
    expect(decideErrorAction(call(code), false, texts)).toEqual({ kind: 'cannot-execute', text: 'server says' });
  });

  it('shows other codes only when the call asked for messages', () => {
    expect(decideErrorAction(call(Errors.NO_PERMISSION.code), true, texts)).toEqual({
      kind: 'error',
      text: 'server says',
    });
    expect(decideErrorAction(call(Errors.NO_PERMISSION.code), false, texts)).toEqual({ kind: 'none' });
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
