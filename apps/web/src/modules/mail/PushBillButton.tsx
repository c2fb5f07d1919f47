import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Popover, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailApi, mailKeys } from './api';

/** Hands a received bill mail to finance (pushToFcBillEmail) with its kind and a remark. */
export function PushBillButton({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [flag, setFlag] = useState<string>();
  const [remark, setRemark] = useState('');
  const flags = useQuery({
    queryKey: [...mailKeys.root, 'billFlags', i18n.language],
    queryFn: mailApi.billFlags,
    enabled: open,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('mail.bill.title')}
      content={
        <Space direction="vertical" style={{ width: 260 }}>
          <Select
            data-testid="bill-flag"
            placeholder={t('mail.bill.flag')}
            value={flag}
            onChange={setFlag}
            options={flags.data ?? []}
            style={{ width: '100%' }}
          />
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('mail.bill.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!flag}
            data-testid="bill-push"
            onClick={async () => {
              await mailApi.pushBill(id, flag!, remark);
              message.success(t('mail.bill.pushed'));
              setOpen(false);
            }}
          >
            {t('mail.bill.push')}
          </Button>
        </Space>
      }
    >
      <Button data-testid="detail-bill">{t('mail.bill.title')}</Button>
    </Popover>
  );
}
