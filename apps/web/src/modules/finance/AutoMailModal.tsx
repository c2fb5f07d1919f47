import { AUTO_MAIL_PATH, type AutoMailSetting } from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Select } from 'antd';
import { get, post } from '../../platform/http';
import { useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { T } from './texts';

const KEY = ['finance', 'auto-mail'] as const;

/**
 * The sender of the automatic bill mailing (decision 0142): one of the mail room's mailboxes, or none
 * (then nothing is mailed and the run says why). Accounts opt in by their billing contact's flag.
 */
export function AutoMailModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const label = useLabel();
  const setting = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => get<AutoMailSetting>(AUTO_MAIL_PATH, undefined, { signal }),
    enabled: open,
  });
  return (
    <FormModal<{ mailboxId?: number | null }>
      open={open}
      title={label(T.autoMail)}
      onClose={onClose}
      onSubmit={(v) => post(AUTO_MAIL_PATH, { mailboxId: v.mailboxId ?? null }, { checkRepeat: true })}
      successMessage={label(T.autoMailSaved)}
      invalidate={KEY}
      loading={setting.isLoading}
      initialValues={{ mailboxId: setting.data?.mailboxId ?? undefined }}
      width={560}
    >
      <Alert type="info" showIcon message={label(T.autoMailHint)} style={{ marginBottom: 12 }} />
      <Form.Item name="mailboxId" label={label(T.autoMailSender)}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          data-testid="auto-mail-sender"
          placeholder={label(T.autoMailNone)}
          options={(setting.data?.mailboxes ?? []).map((m) => ({
            value: m.id,
            label: m.displayName ? `${m.displayName} <${m.email}>` : m.email,
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}
