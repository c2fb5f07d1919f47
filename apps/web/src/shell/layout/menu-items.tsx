import type { Locale, ResourceNode } from '@portal/contracts';
import type { MenuProps } from 'antd';
import { visibleNodes } from '../../platform/resources';
import { MenuIcon } from './MenuIcon';

export type MenuItem = Required<MenuProps>['items'][number];

export const nodeLabel = (n: ResourceNode, locale: Locale): string =>
  locale === 'zh-CN' ? n.name : n.nameEn || n.name;

/** Menu key of a node: its router when it has one, else its id. */
export const nodeKey = (n: ResourceNode): string => n.router ?? `node-${n.id}`;

/** Side menu items from the visible nodes of a module. */
export function toMenuItems(nodes: readonly ResourceNode[], locale: Locale): MenuItem[] {
  return visibleNodes(nodes).map((n) => {
    const base = {
      key: nodeKey(n),
      label: nodeLabel(n, locale),
      icon: n.icon ? <MenuIcon name={n.icon} /> : undefined,
    };
    return n.children.length ? { ...base, children: toMenuItems(n.children, locale) } : base;
  });
}

/** Node of a tree by its menu key. */
export function findByKey(nodes: readonly ResourceNode[], key: string): ResourceNode | null {
  for (const n of nodes) {
    if (nodeKey(n) === key) return n;
    const found = findByKey(n.children ?? [], key);
    if (found) return found;
  }
  return null;
}
