import { type ResourceNode, routeByPath } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { belongsElsewhere, menuNodeFor, questionFor, readAsked, shouldCheckRating, writeAsked } from './rating-policy';

const node = (id: number, router: string | null, children: ResourceNode[] = []): ResourceNode => ({
  id,
  name: String(id),
  nameEn: String(id),
  router,
  international: String(id),
  icon: null,
  webShowFlag: true,
  parentId: null,
  iframeName: null,
  children,
});

const menus = [node(1, '/home'), node(2, null, [node(3, '/crm/client-partner/my-client')])];

describe('rating popup policy', () => {
  it("finds the current route's menu node, or its highlighted parent for detail pages", () => {
    expect(
      menuNodeFor(menus, routeByPath('/crm/client-partner/my-client') ?? null, '/crm/client-partner/my-client')?.id,
    ).toBe(3);
    const detail = routeByPath('/crm/client-partner/my-client/details') ?? null;
    expect(menuNodeFor(menus, detail, '/crm/client-partner/my-client/details')?.id).toBe(3);
    expect(menuNodeFor(menus, null, '/elsewhere')).toBeNull();
  });

  it('asks once per menu item per session', () => {
    const asked = readAsked(writeAsked(new Set([3])));
    expect(shouldCheckRating(3, asked)).toBe(false);
    expect(shouldCheckRating(1, asked)).toBe(true);
    expect(shouldCheckRating(null, asked)).toBe(false);
  });

  it('survives a damaged session entry', () => {
    expect(readAsked('{nope').size).toBe(0);
    expect(readAsked('[1,"x",2]')).toEqual(new Set([1, 2]));
  });
});

describe('the rating question', () => {
  const q = { question: '用户管理好用吗？', questionEn: 'How useful is user management?' };

  it('is shown in the reader language, never as one bilingual string', () => {
    expect(questionFor(q, 'zh-CN')).toBe('用户管理好用吗？');
    expect(questionFor(q, 'en')).toBe('How useful is user management?');
    expect(questionFor(q, 'en-US')).toBe('How useful is user management?');
  });

  it('falls back to the default wording (null) when the reader language form is not set', () => {
    expect(questionFor({ question: '好用吗？', questionEn: null }, 'en')).toBeNull();
    expect(questionFor({ question: null, questionEn: 'Useful?' }, 'zh-CN')).toBeNull();
    expect(questionFor({ question: '  ', questionEn: null }, 'zh-CN')).toBeNull();
  });

  it('belongs to the page it was asked on', () => {
    expect(belongsElsewhere(null, '/a')).toBe(false);
    expect(belongsElsewhere({ pathname: '/a' }, '/a')).toBe(false);
    expect(belongsElsewhere({ pathname: '/a' }, '/b')).toBe(true);
  });
});
