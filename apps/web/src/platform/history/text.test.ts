import { describe, expect, it } from 'vitest';
import { changeLine, mentionedIds, mentionSegments, plainValue } from './text';

describe('record history texts', () => {
  it('marks the @names of mentioned users, longest first, and leaves other @ text alone', () => {
    expect(mentionSegments('请 @王伟 和 @王伟伟 看下 @nobody', ['王伟', '王伟伟'])).toEqual([
      { text: '请 ', mention: false },
      { text: '@王伟', mention: true },
      { text: ' 和 ', mention: false },
      { text: '@王伟伟', mention: true },
      { text: ' 看下 @nobody', mention: false },
    ]);
    expect(mentionSegments('a.b @x.y', ['x.y'])).toEqual([
      { text: 'a.b ', mention: false },
      { text: '@x.y', mention: true },
    ]);
    expect(mentionSegments('no one', [])).toEqual([{ text: 'no one', mention: false }]);
  });

  it('mentions only the picked users whose @name is still in the text', () => {
    const picked = new Map([
      [1, '李娜'],
      [2, '张磊'],
    ]);
    expect(mentionedIds('@李娜 请看', picked)).toEqual([1]);
    expect(mentionedIds('李娜 张磊', picked)).toEqual([]);
  });

  it("labels field changes with the caller's labels and formatter", () => {
    const line = changeLine({ field: 'level', from: 'a', to: null }, { level: '客户等级' }, (_f, v) => plainValue(v));
    expect(line).toEqual({ label: '客户等级', from: 'a', to: '-' });
    expect(changeLine({ field: 'x', from: [1, 2], to: { a: 1 } }, {}, (_f, v) => plainValue(v))).toEqual({
      label: 'x',
      from: '1, 2',
      to: '{"a":1}',
    });
  });
});
