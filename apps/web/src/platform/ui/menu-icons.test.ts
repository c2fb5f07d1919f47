import { APP_META, routes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ICON_GROUP_OF, ICON_GROUPS } from './menu-icons';

describe('menu icon groups', () => {
  it('hold every icon the route registry names (regenerate with scripts/gen-menu-icons.ts)', async () => {
    const names = new Set<string>(Object.values(APP_META).map((m) => m.icon));
    for (const r of routes) {
      if (r.icon) names.add(r.icon);
      if (r.group?.icon) names.add(r.group.icon);
    }
    const missing: string[] = [];
    for (const name of names) {
      const group = ICON_GROUP_OF[name];
      const icons = group ? (await ICON_GROUPS[group]!()).ICONS : {};
      if (!icons[name]) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it('load the modules’ icons in the first (base) group', () => {
    for (const m of Object.values(APP_META)) expect(ICON_GROUP_OF[m.icon]).toBe('base');
  });
});
