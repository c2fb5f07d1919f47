import { Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT = 52;

/** Header (52 px): logo and title, module navigation, language, user menu. */
export function HeaderBar() {
  const { t } = useTranslation();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        borderBottom: '1px solid #eef0f3',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Link to="/home" style={{ display: 'flex', alignItems: 'center', gap: 8, color: 'inherit', flexShrink: 0 }}>
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>{t('app.name')}</strong>
      </Link>
      <TopNav />
      <Flex align="center" gap={4} style={{ flexShrink: 0 }}>
        <LanguageSwitch />
        <UserMenu />
      </Flex>
    </Layout.Header>
  );
}
