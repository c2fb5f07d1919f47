import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@portal/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';
import { LOCALES } from '../locale-detect';
import { useSession } from '../session';

/** UI language switch (persisted); used in the header and on the sign-in page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: t(`lang.${l}`) })),
        onClick: ({ key }) => changeLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('lang.switch')}>
        {t(`lang.${locale}`)}
      </Button>
    </Dropdown>
  );
}
