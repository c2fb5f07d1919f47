import { Perm } from '@portal/contracts';
import { userResource } from '@portal/contracts/system';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { i18n } from '../../platform/i18n';
import { type Row, resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import type { BulkAction } from '../../platform/ui/SearchTable';
import { UserHistoryDrawer, useHistoryTarget } from './UserHistoryDrawer';

const api = resourceApi(userResource);
type Status = 'active' | 'disabled';

/** Enable / disable is a row switch of the status command, asking first. */
const status: NonNullable<ResourceOverrides['rowCommands']>['status'] = (row) => {
  const disable = row.status === 'active';
  return {
    input: { status: disable ? 'disabled' : 'active' },
    label: i18n.t(disable ? 'systemUser.disable' : 'systemUser.enable'),
    confirm: i18n.t(disable ? 'systemUser.confirmDisable' : 'systemUser.confirmEnable', { name: row.name }),
    danger: disable,
  };
};

/** The same command over the selected rows (those not already there). */
const bulkStatus = (next: Status, onDone: () => Promise<void>): BulkAction<Row> => ({
  key: next === 'disabled' ? 'disable' : 'enable',
  label: i18n.t(next === 'disabled' ? 'systemUser.bulkDisable' : 'systemUser.bulkEnable'),
  perm: Perm.SYS_USER_EDIT,
  danger: next === 'disabled',
  confirm: (rows) =>
    i18n.t(next === 'disabled' ? 'systemUser.confirmBulkDisable' : 'systemUser.confirmBulkEnable', {
      count: rows.length,
    }),
  onRun: async (rows) => {
    for (const row of rows) if (row.status !== next) await api.command('status', { id: row.id, status: next });
    await onDone();
  },
});

/**
 * /setModule/authManage/user: staff accounts from the user resource. Departures: the status switch
 * (one row or the selected ones), and the name opens the user's activity (comments, @mentions;
 * `?history=<id>` from a mention).
 */
export function UserListScreen() {
  const [historyId, setHistoryId] = useHistoryTarget();
  const queryClient = useQueryClient();
  const overrides = useMemo<ResourceOverrides>(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResource.key) });
    return {
      rowCommands: { status },
      bulk: [bulkStatus('disabled', refresh), bulkStatus('active', refresh)],
      cells: {
        name: (v, row) => (
          <Typography.Link onClick={() => setHistoryId(row.id)} data-testid="user-history-open">
            {String(v)}
          </Typography.Link>
        ),
      },
    };
  }, [setHistoryId, queryClient]);
  return (
    <>
      <ResourceList def={userResource} overrides={overrides} />
      <UserHistoryDrawer id={historyId} onClose={() => setHistoryId(0)} />
    </>
  );
}
