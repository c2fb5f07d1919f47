import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { ICON_GROUP_OF, ICON_GROUPS } from './menu-icons';

type IconSet = Record<string, unknown>;

const loaded: IconSet = {};
const loading = new Map<string, Promise<void>>();

/** Load the group holding an icon (registry icons), or the full icon set for any other name. */
function loadIcon(name: string): Promise<void> {
  const group = ICON_GROUP_OF[name] ?? '*';
  let p = loading.get(group);
  if (!p) {
    const load: Promise<IconSet> =
      group === '*'
        ? (import('@ant-design/icons/es/icons') as Promise<unknown> as Promise<IconSet>)
        : ICON_GROUPS[group]!().then((m) => m.ICONS as IconSet);
    p = load.then((set) => {
      for (const [k, v] of Object.entries(set)) loaded[k] ??= v;
    });
    loading.set(group, p);
  }
  return p;
}

const isIconName = (name: string) => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

/**
 * A menu icon by its @ant-design/icons name as stored on the resource node ('SettingOutlined').
 * The registry's icons come in small groups (menu-icons/, generated); a name outside the registry
 * loads the full icon set once.
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const wanted = name && isIconName(name) ? name : null;
  const [, setTick] = useState(0);
  const Icon = wanted ? (loaded[wanted] as ComponentType | undefined) : undefined;
  useEffect(() => {
    if (!wanted || loaded[wanted]) return;
    let alive = true;
    void loadIcon(wanted).then(() => alive && setTick((n) => n + 1));
    return () => {
      alive = false;
    };
  }, [wanted]);
  return Icon ? <Icon /> : <span className="anticon portal-icon-slot" />;
}
