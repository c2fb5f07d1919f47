import {
  ConsumerPerm,
  IDENTITY_RENEWABLE,
  IDENTITY_SUBMITTABLE,
  type IdentityState,
  identityResource,
  verificationResource,
} from '@portal/contracts/finance';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import type { Row } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AccountSelect } from './AccountFields';
import { T } from './texts';

const withAccount = { accountId: () => <AccountSelect /> };

/**
 * `account/consumer/auth` (实名认证, decision 0133): each open account's identity state. A first
 * submission, a resubmission after a rejection and a renewal are each a new verification of the
 * account (the `authcheck` form, its checks on the server); the history is the account's
 * verifications.
 */
export function IdentityScreen() {
  const label = useLabel();
  const qc = useQueryClient();
  const canSubmit = useCan(ConsumerPerm.VERIFY_EDIT);
  const canHistory = useCan(ConsumerPerm.VERIFICATIONS);
  const [submitting, setSubmitting] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const rowActions = (row: Row) => {
    const state = row.identityState as IdentityState;
    return [
      ...(canSubmit && IDENTITY_SUBMITTABLE.includes(state)
        ? [
            {
              key: 'submit',
              label: label(IDENTITY_RENEWABLE.includes(state) ? T.identityRenew : T.identitySubmit),
              onClick: () => setSubmitting(row),
              testId: 'identity-submit',
            },
          ]
        : []),
      ...(canHistory
        ? [
            {
              key: 'history',
              label: label(T.identityHistory),
              onClick: () => setHistory(row),
              testId: 'identity-history',
            },
          ]
        : []),
    ];
  };
  return (
    <>
      <ResourceList def={identityResource} overrides={{ rowActions }} />
      {submitting && (
        <ResourceForm
          def={verificationResource}
          open
          inputs={withAccount}
          initialValues={{
            accountId: submitting.id,
            subject: submitting.subject ?? undefined,
            legalName: submitting.legalName ?? undefined,
            documentNo: submitting.documentNo ?? undefined,
          }}
          onClose={() => {
            setSubmitting(null);
            void qc.invalidateQueries({ queryKey: resourceKeys.all(identityResource.key) });
          }}
        />
      )}
      <Drawer
        open={!!history}
        onClose={() => setHistory(null)}
        width="min(1100px, 100vw)"
        title={history ? `${label(T.identityHistory)} · ${String(history.code)}` : ''}
        destroyOnHidden
      >
        {history && <ResourceList def={verificationResource} fixed={{ accountId: history.id }} />}
      </Drawer>
    </>
  );
}
