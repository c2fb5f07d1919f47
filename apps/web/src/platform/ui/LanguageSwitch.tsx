import { GlobalOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../feedback';
import { changeLocale } from '../i18n';
import { refetchInLanguage } from '../language-data';
import { LOCALES } from '../locale-detect';
import { saveLocalePref } from '../prefs';
import { useSession } from '../session';

/**
 * UI language switch (persisted), in the header and on the sign-in page. With two languages it is
 * one button naming the other language (no dropdown: the sign-in page stays light). The other
 * language's texts load on the click; the UI switches once they are there, then the data is read
 * again in the new language. Signed in, the choice is also kept on the server (`ui.locale`).
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const next = LOCALES.find((l) => l !== locale) ?? locale;
  return (
    <Tooltip title={t('lang.switch')}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${t('lang.switch')}: ${t(`lang.${next}`)}`}
        lang={next}
        onClick={() =>
          void changeLocale(next)
            .then(() => saveLocalePref(next))
            .then(refetchInLanguage)
            .catch(() => toast().error(t('http.network')))
        }
        data-testid="lang-switch"
      >
        {compact ? null : t(`lang.${next}`)}
      </Button>
    </Tooltip>
  );
}
