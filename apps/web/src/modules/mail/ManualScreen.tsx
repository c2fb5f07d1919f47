import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['bind', 'receive', 'write', 'sort', 'records', 'admin'] as const;

/** /message/email/um: the mail client's manual, in the reader's language. */
export function ManualScreen() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('mail.um.title')} style={{ maxWidth: 860 }} data-testid="mail-manual">
      {SECTIONS.map((i) => (
        <section key={i} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t(`mail.um.sections.${i}.h`)}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t(`mail.um.sections.${i}.p`)}</Typography.Paragraph>
        </section>
      ))}
    </Card>
  );
}
