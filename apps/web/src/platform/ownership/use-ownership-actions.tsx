import type { OwnershipDef } from '@portal/contracts/ownership/define';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../resource/api';
import { resourceKeys } from '../resource/keys';
import type { BulkAction } from '../ui/SearchTable';
import { ownershipApi } from './api';
import { DistributeDialog, ReturnDialog, ShareDialog, TransferDialog } from './dialogs';

type Dialog = 'distribute' | 'returnToPool' | 'transfer' | 'share';

/**
 * The ownership actions of a resource as ResourceList bulk overrides, each shown to holders of its
 * key: `pool` (claim, distribute) for the pool list, `owned` (return, transfer, share) for the
 * owners' list; render `dialogs` beside the list.
 */
export function useOwnershipActions(o: OwnershipDef): {
  pool: BulkAction<Row>[];
  owned: BulkAction<Row>[];
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ dialog: Dialog; ids: number[] } | null>(null);
  const show = (dialog: Dialog) => (rows: Row[]) => setOpen({ dialog, ids: rows.map((r) => r.id) });
  const close = () => setOpen(null);
  const props = (dialog: Dialog) => ({ o, ids: open?.ids ?? [], open: open?.dialog === dialog, onClose: close });
  return {
    pool: [
      {
        key: 'claim',
        label: t('ownership.claim'),
        perm: o.perms.claim,
        confirm: (rows) => t('ownership.claimConfirm', { count: rows.length }),
        onRun: async (rows) => {
          await ownershipApi(o).claim(rows.map((r) => r.id));
          message.success(t('ownership.done'));
          await queryClient.invalidateQueries({ queryKey: resourceKeys.all(o.resource.key) });
        },
      },
      { key: 'distribute', label: t('ownership.distribute'), perm: o.perms.distribute, onRun: show('distribute') },
    ],
    owned: [
      {
        key: 'returnToPool',
        label: t('ownership.returnToPool'),
        perm: o.perms.returnToPool,
        onRun: show('returnToPool'),
      },
      { key: 'transfer', label: t('ownership.transfer'), perm: o.perms.transfer, onRun: show('transfer') },
      { key: 'share', label: t('ownership.share'), perm: o.perms.share, onRun: show('share') },
    ],
    dialogs: (
      <>
        <DistributeDialog {...props('distribute')} />
        <ReturnDialog {...props('returnToPool')} />
        <TransferDialog {...props('transfer')} />
        <ShareDialog {...props('share')} />
      </>
    ),
  };
}
