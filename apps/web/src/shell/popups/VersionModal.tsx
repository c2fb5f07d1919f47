import { Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX } from '../../platform/feedback';
import { Markdown } from '../../platform/ui/Markdown';
import type { VersionDetail } from '../shell-api';

/** Release notes shown on start (popupState 1); closing marks them read. Loaded lazily with the markdown reader. */
export default function VersionModal({ detail, onClose }: { detail: VersionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={<span data-testid="version-popup-title">{detail.title}</span>}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.iKnow')}
      cancelButtonProps={{ style: { display: 'none' } }}
      zIndex={POPUP_Z_INDEX}
      width={600}
      data-testid="version-popup"
    >
      <Typography.Text type="secondary">
        {t('version.title', { version: detail.version })} ·{' '}
        {t('version.published', { date: dayjs(detail.publishedAt).format('YYYY-MM-DD') })}
      </Typography.Text>
      <div style={{ maxHeight: '55vh', overflow: 'auto', marginTop: 12 }}>
        <Markdown source={detail.content} />
      </div>
    </Modal>
  );
}
