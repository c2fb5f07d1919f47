import type { UserRow } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemApi, userKeys } from './api';

/** Enable / disable one user (check-repeat call), then refetch the list. */
export function UserStatusAction({ row }: { row: UserRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const next = row.status === 'active' ? 'disabled' : 'active';
  const change = useMutation({
    mutationFn: () => systemApi.setUserStatus(row.id, next),
    onSuccess: async () => {
      message.success(t('systemUser.statusChanged'));
      await queryClient.invalidateQueries({ queryKey: userKeys.list });
    },
  });
  return (
    <Popconfirm
      title={t(next === 'disabled' ? 'systemUser.confirmDisable' : 'systemUser.confirmEnable', { name: row.name })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => change.mutateAsync().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={next === 'disabled'} loading={change.isPending}>
        {t(next === 'disabled' ? 'systemUser.disable' : 'systemUser.enable')}
      </Button>
    </Popconfirm>
  );
}
