import { type ResourceNode, routeByPath } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuNodeFor, readAsked, shouldCheckRating, writeAsked } from './rating-policy';

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
