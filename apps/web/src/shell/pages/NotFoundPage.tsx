import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Not-found page (spec 2): 页面不存在, with return-to-home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={t('errors.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
