import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { visibleNodes } from '../../platform/resources';
import { useUser } from '../../platform/user-store';
import { useShell } from '../shell-store';
import { SideMenu } from './SideMenu';

/** Mobile: the side menu is a drawer (width 0 in the layout) holding every module's menu. Loaded lazily. */
export default function MobileMenu({ active }: { active: string }) {
  const { t } = useTranslation();
  const open = useShell((s) => s.drawerOpen);
  const menus = useUser((s) => s.menus);
  const close = () => useShell.getState().setDrawerOpen(false);
  return (
    <Drawer
      open={open}
      placement="left"
      size={280}
      onClose={close}
      title={t('app.name')}
      styles={{ body: { padding: 0 } }}
      data-testid="menu-drawer"
    >
      <SideMenu nodes={visibleNodes(menus)} active={active} onNavigate={close} testId="side-menu" />
    </Drawer>
  );
}
