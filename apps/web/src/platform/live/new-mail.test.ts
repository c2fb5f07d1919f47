import { describe, expect, it } from 'vitest';
import { fillTemplate, INBOX_PATH, newMailNotice, parseFillVars, SPAM_PATH } from './new-mail';

const vars = (n: number | string, box: number | string) =>
  JSON.stringify([
    { key: '{newEmailNum}', showFieldName: String(n) },
    { key: '{emailboxType}', showFieldName: String(box) },
  ]);

describe('new-mail notice (msgType 2)', () => {
  it('fills the template from msgFillAfterVar', () => {
    expect(fillTemplate('您有{newEmailNum}封新邮件 ({newEmailNum})', parseFillVars(vars(3, 1)))).toBe(
      '您有3封新邮件 (3)',
    );
    expect(fillTemplate('keep {other}', parseFillVars(vars(1, 1)))).toBe('keep {other}');
  });

  it('reads broken variable lists as none', () => {
    expect(parseFillVars('not json')).toEqual([]);
    expect(parseFillVars('{"key":"x"}')).toEqual([]);
    expect(parseFillVars('[{"key":1}]')).toEqual([]);
    expect(parseFillVars(null)).toEqual([]);
  });

  it('count 0 is "no new mail"; otherwise inbox for the new-mail type, else spam', () => {
    expect(newMailNotice({ msgFillAfterVar: vars(0, 1), msgContentTemplate: 'x' })).toEqual({ kind: 'none' });
    expect(newMailNotice({ msgFillAfterVar: '', msgContentTemplate: 'x' })).toEqual({ kind: 'none' });
    expect(newMailNotice({ msgFillAfterVar: vars(2, 1), msgContentTemplate: '{newEmailNum} new' })).toEqual({
      kind: 'mail',
      count: 2,
      text: '2 new',
      target: INBOX_PATH,
    });
    expect(newMailNotice({ msgFillAfterVar: vars(5, 2), msgContentTemplate: 'x' })).toMatchObject({
      target: SPAM_PATH,
    });
  });
});
