import {
  DesktopOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MobileOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Popover } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackDialog } from '../../modules/feedback/feedback-dialog-store';
import { useSession } from '../../platform/session';
import { signOut } from '../../platform/signout';
import { useUser } from '../../platform/user-store';

const ChangePasswordModal = lazy(async () => ({
  default: (await import('./ChangePasswordModal')).ChangePasswordModal,
}));

function Item(props: {
  icon: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={`portal-popmenu-item${props.danger ? ' is-danger' : ''}`}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.icon}
      <span>{props.label}</span>
    </button>
  );
}

/**
 * User menu (spec 2): switch to mobile (or back to desktop), rating and feedback, change
 * password, sign out. `ratingResourceId` is the menu node of the current page (the rating
 * dialog rates it).
 */
export function UserMenu({ ratingResourceId, compact }: { ratingResourceId: number | null; compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useUser((s) => s.user);
  const platform = useSession((s) => s.platform);
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const toMobile = platform !== 'H5';
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const menu = (
    <div className="portal-popmenu" role="menu">
      <div className="portal-popmenu-head">
        <strong>{user?.name}</strong>
        <span>{user?.jobNumber}</span>
      </div>
      <Item
        icon={toMobile ? <MobileOutlined /> : <DesktopOutlined />}
        label={toMobile ? t('user.toMobile') : t('user.toDesktop')}
        testId="user-menu-platform"
        onClick={run(() => {
          useSession.getState().setPlatform(toMobile ? 'H5' : 'PC');
          message.success(toMobile ? t('user.switchedMobile') : t('user.switchedDesktop'));
        })}
      />
      <Item
        icon={<StarOutlined />}
        label={t('user.rating')}
        testId="user-menu-rating"
        onClick={run(() => useFeedbackDialog.getState().show(ratingResourceId))}
      />
      <Item
        icon={<KeyOutlined />}
        label={t('user.changePassword')}
        testId="user-menu-password"
        onClick={run(() => setChanging(true))}
      />
      <div className="portal-popmenu-divider" />
      <Item
        icon={<LogoutOutlined />}
        label={t('user.signOut')}
        testId="user-menu-signout"
        danger
        onClick={run(() => void signOut())}
      />
    </div>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        content={menu}
        styles={{ container: { padding: 4 } }}
      >
        <Button type="text" className="portal-user-button" data-testid="user-menu" aria-haspopup="menu">
          <Avatar size={26} src={user?.avatar || undefined} icon={<UserOutlined />} />
          {!compact && <span className="portal-user-name">{user?.name ?? ''}</span>}
          {!compact && <DownOutlined style={{ fontSize: 10 }} />}
        </Button>
      </Popover>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
