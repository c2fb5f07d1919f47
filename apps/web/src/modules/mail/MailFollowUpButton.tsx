import { customerResource } from '@portal/contracts/crm';
import { FOLLOW_UP_DICTS } from '@portal/contracts/mail';
import { supplierResource } from '@portal/contracts/srm';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowUpComposer } from '../../platform/history/FollowUpComposer';
import { mailApi, mailKeys } from './api';

const BASES = { customer: customerResource.api, supplier: supplierResource.api } as const;

/**
 * Records a mail as a follow-up on its customer's or supplier's history (types from
 * `select/email/follow`). The follow-up is the counterpart's own call, so its data scope decides.
 */
export function MailFollowUpButton(props: { kind: 'customer' | 'supplier'; counterpartId: number; subject: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const types = useQuery({
    queryKey: [...mailKeys.root, 'follow-types', props.kind],
    queryFn: () => mailApi.followTypes(props.kind),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  return (
    <>
      <Button size="small" type="link" data-testid="mail-follow-up" onClick={() => setOpen(true)}>
        {t('mail.followUp.record')}
      </Button>
      <Modal open={open} title={t('mail.followUp.title')} footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        {types.data && (
          <FollowUpComposer
            record={{ base: BASES[props.kind], id: props.counterpartId }}
            options={{
              typeDict: FOLLOW_UP_DICTS[props.kind],
              types: types.data,
              // the dictionaries' own item for a mail (crm `mail`, purchasing `email`), when enabled
              initialType: types.data.find((o) => o.value === 'mail' || o.value === 'email')?.value,
              initialContent: t('mail.followUp.content', { subject: props.subject }),
              onSaved: () => setOpen(false),
            }}
          />
        )}
      </Modal>
    </>
  );
}
