import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../platform/signout';
import { useUser } from '../../platform/user-store';
import { ChangePasswordModal } from './ChangePasswordModal';

/** User menu: change password, sign out (mobile switch and feedback come with the full shell). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  const [changing, setChanging] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
            { type: 'divider' },
            { key: 'signOut', icon: <LogoutOutlined />, label: t('user.signOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChanging(true);
            if (key === 'signOut') void signOut();
          },
        }}
      >
        <Button type="text" style={{ height: 40, paddingInline: 8 }} data-testid="user-menu">
          <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span>{user?.name ?? ''}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
