import type { ResourceNode } from '@portal/contracts';
import { Menu } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizePath, openKeysFor } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { findByKey, nodeKey, toMenuItems } from './menu-items';
import { openRouter } from './open-router';
import { useRouteMeta } from './use-route-meta';

/** Side menu of the current module (hidden nodes left out, icons by name). */
export function SideMenu({ module }: { module: ResourceNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const locale = useSession((s) => s.locale);
  const items = useMemo(() => toMenuItems(module.children, locale), [module, locale]);
  const active = normalizePath(meta?.activeRouter ?? pathname);
  const defaultOpen = useMemo(() => openKeysFor(module.children, active, nodeKey), [module, active]);

  return (
    <Menu
      key={module.id}
      mode="inline"
      items={items}
      selectedKeys={[active]}
      defaultOpenKeys={defaultOpen}
      onClick={({ key }) => {
        const node = findByKey(module.children, key);
        if (node?.router) openRouter(node.router, navigate);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
