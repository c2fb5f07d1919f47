import { MailOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /message/email/none: where code 10170036 leads (spec 8). */
export function NoMailboxScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      icon={<MailOutlined />}
      title={t('mail.none.title')}
      subTitle={t('mail.none.text')}
      extra={
        <Button type="primary" data-testid="mail-bind" onClick={() => navigate('/message/email/set')}>
          {t('mail.none.bind')}
        </Button>
      }
    />
  );
}
