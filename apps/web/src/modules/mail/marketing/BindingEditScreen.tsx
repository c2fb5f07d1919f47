import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { mailApi, mailKeys } from '../api';
import { MailboxForm } from '../MailboxForm';

/** /crm/email-binding/edit(?id): bind a mailbox, or change one of mine, from CRM (the same form as mailbox settings). */
export function BindingEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useSearchParams()[0].get('id')) || null;
  const state = useQuery({ queryKey: mailKeys.state(id), queryFn: () => mailApi.state(id) });
  if (!state.data) return <Spin />;
  return (
    <Card title={t('mail.mkt.binding')}>
      <MailboxForm
        account={id ? state.data.account : null}
        onSaved={async () => {
          await qc.invalidateQueries({ queryKey: mailKeys.root });
          navigate(-1);
        }}
      />
    </Card>
  );
}
