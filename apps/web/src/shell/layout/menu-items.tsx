import type { Locale, ResourceNode } from '@portal/contracts';
import type { MenuProps } from 'antd';
import { visibleNodes } from '../../platform/resources';
import { MenuIcon } from '../../platform/ui/MenuIcon';

export type MenuItem = Required<MenuProps>['items'][number];

export const nodeLabel = (n: ResourceNode, locale: Locale): string =>
  locale === 'zh-CN' ? n.name : n.nameEn || n.name;

/** Menu key of a node: its router when it has one, else its id. */
export const nodeKey = (n: ResourceNode): string => n.router ?? `node-${n.id}`;

/** Side menu items from the visible nodes of a module. */
export function toMenuItems(nodes: readonly ResourceNode[], locale: Locale): MenuItem[] {
  return visibleNodes(nodes).flatMap((n): MenuItem[] => {
    const base = {
      key: nodeKey(n),
      // a long label is cut off with an ellipsis: its full text shows on hover
      label: (
        <span data-menu={n.international} title={nodeLabel(n, locale)}>
          {nodeLabel(n, locale)}
        </span>
      ),
      icon: n.icon ? <MenuIcon name={n.icon} /> : undefined,
    };
    if (n.children.length) return [{ ...base, children: toMenuItems(n.children, locale) }];
    // a group whose entries are all hidden is left out
    return n.router ? [base] : [];
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
