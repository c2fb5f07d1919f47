import type { MarketingRow } from '@portal/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { marketingApi, marketingKeys } from './api';

/**
 * Resumes a marketing mail stuck in `sending` (its send job failed for good). The server decides
 * who may (`resumable`: the author or a mailbox administrator, no send job queued or running).
 */
export function ResumeButton({ row, size }: { row: Pick<MarketingRow, 'id' | 'resumable'>; size?: 'small' }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  if (!row.resumable) return null;
  return (
    <Button
      size={size}
      type={size ? 'link' : 'primary'}
      data-testid={`mkt-resume-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: t('mail.mkt.resumeConfirm'),
          onOk: async () => {
            await marketingApi.resume(row.id);
            message.success(t('mail.mkt.resumed'));
            await Promise.all([
              qc.invalidateQueries({ queryKey: marketingKeys.list }),
              qc.invalidateQueries({ queryKey: marketingKeys.detail(row.id) }),
            ]);
          },
        })
      }
    >
      {t('mail.mkt.resume')}
    </Button>
  );
}
