import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';

type IconSet = Record<string, unknown>;

let iconSet: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

/** The whole icon set (its own module, not the barrel the static imports tree-shake), loaded once in its own chunk. */
function loadIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons/es/icons').then((m) => {
    iconSet = m as unknown as IconSet;
    return iconSet;
  });
  return loading;
}

const isIconName = (name: string) => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

/** A menu icon by its @ant-design/icons name as stored on the resource node ('SettingOutlined'). */
export function MenuIcon({ name }: { name: string | null }) {
  const [set, setSet] = useState<IconSet | null>(iconSet);
  const wanted = name && isIconName(name) ? name : null;
  useEffect(() => {
    if (wanted && !set) void loadIcons().then(setSet);
  }, [wanted, set]);
  if (!wanted || !set) return null;
  const Icon = set[wanted] as ComponentType | undefined;
  return Icon ? <Icon /> : null;
}
