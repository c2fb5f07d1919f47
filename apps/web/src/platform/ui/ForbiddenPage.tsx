import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** No-permission page (spec 2): 暂无权限，请联系管理员, with return-to-home. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden">
      <Result
        status="403"
        title="403"
        subTitle={t('errors.forbidden')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
