import { Perm } from '@portal/contracts';
import type { GrantNode, RoleRow } from '@portal/contracts/system-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Grid, Space, Spin, Tabs, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../platform/access';
import { useLocalName } from '../../platform/local-name';
import { RowActions } from '../../platform/ui/RowActions';
import { MembersTable } from './MembersTable';
import { RecordHistory } from './RecordHistory';
import { scopeLabel } from './scope-label';
import { settingsApi, settingsKeys } from './settings-api';
import { UserPicker } from './UserPicker';

/** One role: its grants as a checkable resource tree, its members, its history. */
export function RoleDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 720 : '100%'}
      title={
        <Space size={8} wrap>
          <span>{name(role)}</span>
          <Typography.Text code>{role.code}</Typography.Text>
          <Tag>{t(scopeLabel(role.dataScope))}</Tag>
        </Space>
      }
      destroyOnHidden
    >
      <Tabs
        size="small"
        items={[
          { key: 'grants', label: t('systemRole.grants'), children: <RoleGrants roleId={role.id} /> },
          { key: 'members', label: t('systemSettings.members'), children: <RoleMembers roleId={role.id} /> },
          {
            key: 'history',
            label: t('systemSettings.history'),
            children: <RecordHistory subject={`role:${role.id}`} under={settingsKeys.roles} />,
          },
        ]}
      />
    </Drawer>
  );
}

function RoleGrants({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const canEdit = useCan(Perm.SYS_ROLE_EDIT);
  const detail = useQuery({
    queryKey: settingsKeys.role(roleId),
    queryFn: ({ signal }) => settingsApi.role(roleId, signal),
  });
  const tree = useQuery({ queryKey: settingsKeys.grantTree, queryFn: ({ signal }) => settingsApi.grantTree(signal) });
  const [checked, setChecked] = useState<number[]>([]);
  useEffect(() => setChecked(detail.data?.resourceIds ?? []), [detail.data]);
  const treeData = useMemo(() => {
    const build = (nodes: GrantNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <Space size={4}>
            <span>{name(n)}</span>
            {n.type === 'button' && <Tag color="blue">{t('systemMenu.button')}</Tag>}
          </Space>
        ),
        disabled: !n.grantable || !canEdit,
        children: build(n.children),
      }));
    return build(tree.data ?? []);
  }, [tree.data, name, t, canEdit]);
  const save = useMutation({
    mutationFn: () => {
      const d = detail.data!;
      return settingsApi.saveRole({
        id: d.id,
        code: d.code,
        name: d.name,
        nameEn: d.nameEn,
        dataScope: d.dataScope,
        departmentIds: d.departmentIds,
        description: d.description,
        enabled: d.enabled,
        resourceIds: checked,
      });
    },
    onSuccess: async () => {
      message.success(t('systemSettings.saved'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.roles });
    },
  });
  if (!detail.data || !tree.data) return <Spin />;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('systemRole.grantsHint', { count: checked.length })}</Typography.Text>
        <Can perm={Perm.SYS_ROLE_EDIT}>
          <Button
            type="primary"
            size="small"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="grants-save"
          >
            {t('systemSettings.save')}
          </Button>
        </Can>
      </Flex>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        showLine
        defaultExpandedKeys={tree.data.map((n) => n.id)}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          setChecked(list.map(Number));
        }}
      />
    </Flex>
  );
}

function RoleMembers({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<number[]>([]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.roleMembers(roleId) }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.roles }),
    ]);
  const add = useMutation({
    mutationFn: () => settingsApi.addRoleMembers(roleId, adding),
    onSuccess: async () => {
      message.success(t('systemSettings.saved'));
      setAdding([]);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (userId: number) => settingsApi.removeRoleMembers(roleId, [userId]),
    onSuccess: async () => {
      message.success(t('systemSettings.saved'));
      await refresh();
    },
  });
  return (
    <Flex vertical gap={8}>
      <Can perm={Perm.SYS_ROLE_EDIT}>
        <Space.Compact block>
          <UserPicker
            mode="multiple"
            value={adding}
            onChange={(v) => setAdding((v as number[] | null) ?? [])}
            style={{ width: '100%' }}
          />
          <Button
            type="primary"
            disabled={!adding.length}
            loading={add.isPending}
            onClick={() => add.mutate()}
            data-testid="members-add"
          >
            {t('systemRole.addMembers')}
          </Button>
        </Space.Compact>
      </Can>
      <MembersTable
        queryKey={settingsKeys.roleMembers(roleId)}
        fetcher={(page, signal) => settingsApi.roleMembers(roleId, page, signal)}
        action={(row) => (
          <RowActions
            actions={[
              {
                key: 'remove',
                label: t('systemRole.removeMember'),
                perm: Perm.SYS_ROLE_EDIT,
                danger: true,
                confirm: t('systemRole.confirmRemove', { name: row.name }),
                onClick: () => remove.mutateAsync(row.id),
              },
            ]}
          />
        )}
      />
    </Flex>
  );
}
