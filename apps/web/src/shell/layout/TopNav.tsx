import { HomeOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { firstRouter, moduleOf, visibleNodes } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { useUser } from '../../platform/user-store';
import { MenuIcon } from './MenuIcon';
import { nodeLabel } from './menu-items';
import { openRouter } from './open-router';

const HOME_KEY = 'home';

/** Top navigation: home plus the top-level menu nodes (modules). */
export function TopNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const locale = useSession((s) => s.locale);
  const menus = useUser((s) => s.menus);
  const modules = useMemo(() => visibleNodes(menus), [menus]);
  const current = moduleOf(modules, pathname);
  const selected = current ? String(current.id) : pathname === '/home' ? HOME_KEY : '';

  // the seeded menu carries a home module (router /home); add our own entry only when it does not
  const hasHome = modules.some((m) => m.router === '/home');
  const items = [
    ...(hasHome ? [] : [{ key: HOME_KEY, label: t('nav.home'), icon: <HomeOutlined /> }]),
    ...modules.map((m) => ({ key: String(m.id), label: nodeLabel(m, locale), icon: <MenuIcon name={m.icon} /> })),
  ];

  const onClick = ({ key }: { key: string }) => {
    if (key === HOME_KEY) return navigate('/home');
    const module = modules.find((m) => String(m.id) === key);
    const target = module && (firstRouter(module) ?? module.router);
    if (target) openRouter(target, navigate);
  };

  return (
    <Menu
      mode="horizontal"
      selectedKeys={[selected]}
      items={items}
      onClick={onClick}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '50px' }}
    />
  );
}
