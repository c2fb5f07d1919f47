import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm } from '@portal/contracts';
import { type DeptNode, type DeptSaveBody, deptSaveBody } from '@portal/contracts/system-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Input, Popconfirm, Space, Tag, TreeSelect } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../platform/access';
import { ExportButton } from '../../platform/export/ExportButton';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { FormModal } from '../../platform/ui/FormModal';
import { MembersTable } from './MembersTable';
import { RecordHistory } from './RecordHistory';
import { SettingsLayout } from './SettingsLayout';
import { settingsApi, settingsKeys } from './settings-api';
import { TreeBrowser } from './TreeBrowser';
import { UserPicker } from './UserPicker';

type Editing = { mode: 'create'; parent: DeptNode | null } | { mode: 'edit'; node: DeptNode };

const find = (nodes: DeptNode[], id: number | undefined): DeptNode | undefined => {
  for (const n of nodes) {
    const hit = n.id === id ? n : find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

/** /setModule/departmentalOrganization: the department tree with leaders and members; drag to move. */
export function DepartmentScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const canEdit = useCan(Perm.SYS_DEPT_EDIT);
  const [selectedId, setSelectedId] = useState<number>();
  const [editing, setEditing] = useState<Editing>();
  const { data, isFetching } = useQuery({
    queryKey: settingsKeys.depts,
    queryFn: ({ signal }) => settingsApi.deptTree(signal),
  });
  const selected = data ? find(data, selectedId) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.depts });
  const move = useMutation({
    mutationFn: settingsApi.moveDept,
    onSuccess: async () => {
      message.success(t('systemSettings.moved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => settingsApi.deleteDept(id),
    onSuccess: async () => {
      message.success(t('systemSettings.deleted'));
      setSelectedId(undefined);
      await refresh();
    },
  });
  const title = useCallback(
    (n: DeptNode) => (
      <Space size={4}>
        <span>{name(n)}</span>
        <Tag bordered={false}>{n.memberCount}</Tag>
      </Space>
    ),
    [name],
  );
  const searchText = useCallback((n: DeptNode) => `${n.name} ${n.nameEn} ${n.code}`, []);

  return (
    <>
      <SettingsLayout
        leftTitle={t('systemDept.tree')}
        leftExtra={
          <Space size={4}>
            <Can perm={Perm.SYS_DEPT_EDIT}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parent: null })}>
                {t('systemDept.addRoot')}
              </Button>
            </Can>
            <ExportButton path="/v2/sys/staff/dept/export" filters={() => ({})} size="small" />
          </Space>
        }
        left={
          <TreeBrowser<DeptNode>
            nodes={data}
            loading={isFetching}
            selectedId={selectedId}
            onSelect={(n) => setSelectedId(n?.id)}
            title={title}
            searchText={searchText}
            onMove={canEdit ? (m) => move.mutate(m) : undefined}
            expandAll
          />
        }
        right={
          selected ? (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Card
                size="small"
                title={name(selected)}
                extra={
                  canEdit &&
                  selected.editable && (
                    <Space size={4} wrap>
                      <Button
                        size="small"
                        icon={<PlusOutlined />}
                        onClick={() => setEditing({ mode: 'create', parent: selected })}
                      >
                        {t('systemDept.addChild')}
                      </Button>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditing({ mode: 'edit', node: selected })}
                      >
                        {t('systemSettings.edit')}
                      </Button>
                      <Popconfirm
                        title={t('systemSettings.confirmDelete', { name: name(selected) })}
                        onConfirm={() => remove.mutateAsync(selected.id).catch(() => undefined)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />}>
                          {t('systemSettings.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  )
                }
              >
                <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
                  <Descriptions.Item label={t('systemDept.code')}>{selected.code}</Descriptions.Item>
                  <Descriptions.Item label={t('systemDept.leader')}>
                    {selected.leaderName ?? t('common.empty')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemSettings.nameZh')}>{selected.name}</Descriptions.Item>
                  <Descriptions.Item label={t('systemSettings.nameEn')}>{selected.nameEn}</Descriptions.Item>
                  <Descriptions.Item label={t('systemDept.memberCount')}>{selected.memberCount}</Descriptions.Item>
                </Descriptions>
              </Card>
              <Card size="small" title={t('systemSettings.members')}>
                <MembersTable
                  queryKey={settingsKeys.deptMembers(selected.id)}
                  fetcher={(page, signal) => settingsApi.deptMembers(selected.id, page, signal)}
                />
              </Card>
              <Card size="small" title={t('systemSettings.history')}>
                <RecordHistory subject={`dept:${selected.id}`} under={settingsKeys.depts} />
              </Card>
            </Space>
          ) : (
            <Card size="small">
              <Empty description={t('systemDept.pick')} />
            </Card>
          )
        }
      />
      {editing && data && (
        <DeptForm editing={editing} tree={data} onClose={() => setEditing(undefined)} onSaved={setSelectedId} />
      )}
    </>
  );
}

const deptOptions = (nodes: DeptNode[], name: (n: DeptNode) => string, without?: number): object[] =>
  nodes
    .filter((n) => n.id !== without)
    .map((n) => ({ value: n.id, title: name(n), children: deptOptions(n.children, name, without) }));

function DeptForm(props: { editing: Editing; tree: DeptNode[]; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { editing } = props;
  const shape = deptSaveBody.shape;
  const initial: Partial<DeptSaveBody> =
    editing.mode === 'edit' ? { ...editing.node } : { parentId: editing.parent?.id ?? null, leaderUserId: null };
  const known =
    editing.mode === 'edit' && editing.node.leaderUserId && editing.node.leaderName
      ? [{ id: editing.node.leaderUserId, name: editing.node.leaderName }]
      : [];
  return (
    <FormModal<DeptSaveBody>
      open
      title={t(editing.mode === 'edit' ? 'systemDept.editTitle' : 'systemDept.createTitle')}
      onClose={props.onClose}
      successMessage={t('systemSettings.saved')}
      invalidate={settingsKeys.depts}
      initialValues={initial}
      size="small"
      onSubmit={async (v) => {
        const saved = await settingsApi.saveDept({
          ...v,
          id: editing.mode === 'edit' ? editing.node.id : undefined,
          parentId: v.parentId ?? null,
          leaderUserId: v.leaderUserId ?? null,
        });
        props.onSaved(saved.id);
      }}
    >
      <Form.Item name="parentId" label={t('systemSettings.parent')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={t('systemSettings.root')}
          treeData={deptOptions(props.tree, name, editing.mode === 'edit' ? editing.node.id : undefined)}
        />
      </Form.Item>
      <Form.Item name="code" label={t('systemDept.code')} rules={[zodRule(shape.code, t('systemDept.code'))]}>
        <Input disabled={editing.mode === 'edit'} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('systemSettings.nameZh')}
        rules={[zodRule(shape.name, t('systemSettings.nameZh'))]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="nameEn"
        label={t('systemSettings.nameEn')}
        rules={[zodRule(shape.nameEn, t('systemSettings.nameEn'))]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="leaderUserId" label={t('systemDept.leader')}>
        <UserPicker known={known} />
      </Form.Item>
    </FormModal>
  );
}
