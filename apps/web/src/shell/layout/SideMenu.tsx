import type { ResourceNode } from '@portal/contracts';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { normalizePath, openKeysFor } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { findByKey, nodeKey, toMenuItems } from './menu-items';
import { openRouter } from './open-router';

export interface SideMenuProps {
  /** the nodes to show: the children of the current module (or, in the mobile drawer, all modules) */
  nodes: readonly ResourceNode[];
  /** the path to highlight: a detail page's activeRouter, else the current path */
  active: string;
  collapsed?: boolean;
  onNavigate?: () => void;
  testId?: string;
}

/** Side menu: visible nodes only (webShowFlag false hidden), icons by name, the active entry highlighted. */
export function SideMenu({ nodes, active, collapsed = false, onNavigate, testId = 'side-menu' }: SideMenuProps) {
  const navigate = useNavigate();
  const locale = useSession((s) => s.locale);
  const items = useMemo(() => toMenuItems(nodes, locale), [nodes, locale]);
  const selected = normalizePath(active);
  const ancestors = useMemo(() => openKeysFor(nodes, selected, nodeKey), [nodes, selected]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);

  // opening a page elsewhere in the menu unfolds its group (groups the user opened stay open)
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }, [ancestors]);

  return (
    <Menu
      mode="inline"
      items={items}
      inlineCollapsed={collapsed}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const node = findByKey(nodes, key);
        if (node?.router) {
          openRouter(node.router, navigate);
          onNavigate?.();
        }
      }}
      style={{ borderInlineEnd: 'none' }}
      data-testid={testId}
    />
  );
}
