import type { MemberAccess, OwnershipDef } from '@portal/contracts/ownership/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Input, List, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../fields/UserSelect';
import { resourceKeys } from '../resource/keys';
import { useLabel } from '../resource/labels';
import { FormModal } from '../ui/FormModal';
import { ownershipApi } from './api';

interface DialogProps {
  o: OwnershipDef;
  ids: number[];
  open: boolean;
  onClose: () => void;
}

const listKey = (o: OwnershipDef) => resourceKeys.all(o.resource.key);

/** Return to the pool with a reason. */
export function ReturnDialog({ o, ids, open, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal<{ reason: string }>
      open={open}
      title={`${t('ownership.returnToPool')} · ${t('ownership.selected', { count: ids.length })}`}
      onClose={onClose}
      onSubmit={(v) => ownershipApi(o).returnToPool(ids, v.reason.trim())}
      successMessage={t('ownership.done')}
      invalidate={listKey(o)}
    >
      <Form.Item name="reason" label={t('ownership.reason')} rules={[{ required: true, whitespace: true, max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="ownership-reason" />
      </Form.Item>
    </FormModal>
  );
}

/** An administrator assigns pool records to a user. */
export function DistributeDialog({ o, ids, open, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal<{ userId: number }>
      open={open}
      title={`${t('ownership.distribute')} · ${t('ownership.selected', { count: ids.length })}`}
      onClose={onClose}
      onSubmit={(v) => ownershipApi(o).distribute(ids, v.userId)}
      successMessage={t('ownership.done')}
      invalidate={listKey(o)}
    >
      <Form.Item name="userId" label={t('ownership.receiver')} rules={[{ required: true }]}>
        <UserSelect data-testid="ownership-receiver" />
      </Form.Item>
    </FormModal>
  );
}

/** Transfer to another user, choosing the related records that go along and what the old owner keeps. */
export function TransferDialog({ o, ids, open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const related = Object.entries(o.related ?? {});
  return (
    <FormModal<{ userId: number; related: string[]; keepAs: 'none' | 'read' | 'write'; reason?: string }>
      open={open}
      title={`${t('ownership.transfer')} · ${t('ownership.selected', { count: ids.length })}`}
      onClose={onClose}
      onSubmit={(v) =>
        ownershipApi(o).transfer({
          ids,
          userId: v.userId,
          related: v.related ?? [],
          keepAs: v.keepAs,
          ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
        })
      }
      successMessage={t('ownership.done')}
      invalidate={listKey(o)}
      initialValues={{ related: related.map(([k]) => k), keepAs: 'none' }}
    >
      <Form.Item name="userId" label={t('ownership.receiver')} rules={[{ required: true }]}>
        <UserSelect data-testid="ownership-receiver" />
      </Form.Item>
      {related.length > 0 && (
        <Form.Item name="related" label={t('ownership.related')}>
          <Checkbox.Group options={related.map(([value, l]) => ({ value, label: label(l) }))} />
        </Form.Item>
      )}
      <Form.Item name="keepAs" label={t('ownership.keepAs')}>
        <Radio.Group
          options={[
            { value: 'none', label: t('ownership.keepNone') },
            { value: 'read', label: t('ownership.keepRead') },
            { value: 'write', label: t('ownership.keepWrite') },
          ]}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('ownership.reason')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/** Add colleagues as read or write members of the selected records. */
export function ShareDialog({ o, ids, open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const api = ownershipApi(o);
  return (
    <FormModal<{ userIds: number[]; access: MemberAccess }>
      open={open}
      title={`${t('ownership.share')} · ${t('ownership.selected', { count: ids.length })}`}
      onClose={onClose}
      onSubmit={async (v) => {
        for (const id of ids)
          await api.share(
            id,
            v.userIds.map((userId) => ({ userId, access: v.access })),
          );
      }}
      successMessage={t('ownership.done')}
      invalidate={listKey(o)}
      initialValues={{ access: 'read' }}
    >
      <Form.Item name="userIds" label={t('ownership.members')} rules={[{ required: true }]}>
        <UserSelect mode="multiple" maxCount={50} data-testid="ownership-members" />
      </Form.Item>
      <Form.Item name="access" label={t('ownership.access')}>
        <Radio.Group
          options={[
            { value: 'read', label: t('ownership.read') },
            { value: 'write', label: t('ownership.write') },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * The members of one record (a detail's "team" tab): access changed or a member removed in place
 * by holders of the share key; others read the list.
 */
export function TeamPanel({ o, id, canShare }: { o: OwnershipDef; id: number; canShare: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const api = ownershipApi(o);
  const key = [...resourceKeys.record(o.resource.key, id), 'members'];
  const members = useQuery({ queryKey: key, queryFn: ({ signal }) => api.members(id, signal) });
  const after = async () => {
    message.success(t('ownership.done'));
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const change = useMutation({
    mutationFn: (m: { userId: number; access: MemberAccess }) => api.share(id, [m]),
    onSuccess: after,
  });
  const remove = useMutation({ mutationFn: (userId: number) => api.unshare(id, userId), onSuccess: after });
  if (!members.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ownership.noMembers')} />;
  return (
    <List
      size="small"
      dataSource={members.data}
      renderItem={(m) => (
        <List.Item
          actions={
            canShare
              ? [
                  <Button key="rm" type="link" danger size="small" onClick={() => remove.mutate(m.userId)}>
                    {t('ownership.remove')}
                  </Button>,
                ]
              : []
          }
        >
          <Space>
            <Typography.Text>{m.name}</Typography.Text>
            {canShare ? (
              <Select
                size="small"
                value={m.access}
                onChange={(access) => change.mutate({ userId: m.userId, access })}
                options={[
                  { value: 'read', label: t('ownership.read') },
                  { value: 'write', label: t('ownership.write') },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{t(`ownership.${m.access}`)}</Typography.Text>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}
