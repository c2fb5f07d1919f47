import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm } from '@portal/contracts';
import { type MenuNode, type MenuSaveBody, menuSaveBody, RESOURCE_TYPES } from '@portal/contracts/system-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../platform/access';
import { ExportButton } from '../../platform/export/ExportButton';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { FormModal } from '../../platform/ui/FormModal';
import { RecordHistory } from './RecordHistory';
import { SettingsLayout } from './SettingsLayout';
import { settingsApi, settingsKeys } from './settings-api';
import { TreeBrowser } from './TreeBrowser';

type Editing = { mode: 'create'; parent: MenuNode | null } | { mode: 'edit'; node: MenuNode };

const find = (nodes: MenuNode[], id: number | undefined): MenuNode | undefined => {
  for (const n of nodes) {
    const hit = n.id === id ? n : find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

/** /setModule/authManage/menu: the menu and button resources as a tree; create, edit, drag to move, delete. */
export function MenuScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const canEdit = useCan(Perm.SYS_MENU_EDIT);
  const [selectedId, setSelectedId] = useState<number>();
  const [editing, setEditing] = useState<Editing>();
  const { data, isFetching } = useQuery({
    queryKey: settingsKeys.menu,
    queryFn: ({ signal }) => settingsApi.menuTree(signal),
  });
  const selected = data ? find(data, selectedId) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.menu });
  const move = useMutation({
    mutationFn: settingsApi.moveMenu,
    onSuccess: async () => {
      message.success(t('systemSettings.moved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => settingsApi.deleteMenu(id),
    onSuccess: async () => {
      message.success(t('systemSettings.deleted'));
      setSelectedId(undefined);
      await refresh();
    },
  });

  const title = useCallback(
    (n: MenuNode) => (
      <Space size={4}>
        <span>{name(n)}</span>
        {n.type === 'button' && <Tag color="blue">{t('systemMenu.button')}</Tag>}
        {!n.webShowFlag && <Tag>{t('systemMenu.hidden')}</Tag>}
      </Space>
    ),
    [name, t],
  );
  const searchText = useCallback((n: MenuNode) => `${n.name} ${n.nameEn} ${n.international} ${n.router ?? ''}`, []);

  return (
    <>
      <SettingsLayout
        leftTitle={t('systemMenu.tree')}
        leftExtra={
          <Space size={4}>
            <Can perm={Perm.SYS_MENU_EDIT}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parent: null })}>
                {t('systemMenu.addRoot')}
              </Button>
            </Can>
            <ExportButton path="/v2/sys/staff/resource/export" filters={() => ({})} size="small" />
          </Space>
        }
        left={
          <TreeBrowser<MenuNode>
            nodes={data}
            loading={isFetching}
            selectedId={selectedId}
            onSelect={(n) => setSelectedId(n?.id)}
            title={title}
            searchText={searchText}
            onMove={canEdit ? (m) => move.mutate(m) : undefined}
            acceptsChildren={(n) => n.type === 'menu'}
          />
        }
        right={
          selected ? (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Card
                size="small"
                title={name(selected)}
                extra={
                  <Can perm={Perm.SYS_MENU_EDIT}>
                    <Space size={4} wrap>
                      {selected.type === 'menu' && (
                        <Button
                          size="small"
                          icon={<PlusOutlined />}
                          onClick={() => setEditing({ mode: 'create', parent: selected })}
                        >
                          {t('systemMenu.addChild')}
                        </Button>
                      )}
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
                        <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
                          {t('systemSettings.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  </Can>
                }
              >
                <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
                  <Descriptions.Item label={t('systemMenu.type')}>
                    {t(selected.type === 'menu' ? 'systemMenu.menu' : 'systemMenu.button')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.key')}>
                    <Typography.Text code copyable>
                      {selected.international}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemSettings.nameZh')}>{selected.name}</Descriptions.Item>
                  <Descriptions.Item label={t('systemSettings.nameEn')}>{selected.nameEn}</Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.router')}>
                    {selected.router ?? t('common.empty')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.icon')}>
                    {selected.icon ?? t('common.empty')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.shown')}>
                    {selected.webShowFlag ? t('systemSettings.yes') : t('systemSettings.no')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.sort')}>{selected.sort}</Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.iframe')}>
                    {selected.iframeName ?? t('common.empty')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('systemMenu.roleCount')}>{selected.roleCount}</Descriptions.Item>
                </Descriptions>
              </Card>
              <Card size="small" title={t('systemSettings.history')}>
                <RecordHistory subject={`menu:${selected.id}`} under={settingsKeys.menu} />
              </Card>
            </Space>
          ) : (
            <Card size="small">
              <Empty description={t('systemMenu.pick')} />
            </Card>
          )
        }
      />
      {editing && data && (
        <MenuForm
          editing={editing}
          tree={data}
          onClose={() => setEditing(undefined)}
          onSaved={(id) => setSelectedId(id)}
        />
      )}
    </>
  );
}

/** Menu nodes as TreeSelect options (buttons take no children). */
const menuOptions = (nodes: MenuNode[], name: (n: MenuNode) => string, without?: number): object[] =>
  nodes
    .filter((n) => n.type === 'menu' && n.id !== without)
    .map((n) => ({ value: n.id, title: name(n), children: menuOptions(n.children, name, without) }));

function MenuForm(props: { editing: Editing; tree: MenuNode[]; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { editing } = props;
  const shape = menuSaveBody.shape;
  const initial: Partial<MenuSaveBody> =
    editing.mode === 'edit'
      ? { ...editing.node }
      : {
          parentId: editing.parent?.id ?? null,
          type: 'menu',
          webShowFlag: true,
          sort: editing.parent?.children.length ?? props.tree.length,
        };
  return (
    <FormModal<MenuSaveBody>
      open
      title={t(editing.mode === 'edit' ? 'systemMenu.editTitle' : 'systemMenu.createTitle')}
      onClose={props.onClose}
      successMessage={t('systemSettings.saved')}
      invalidate={settingsKeys.menu}
      initialValues={initial}
      size="small"
      onSubmit={async (v) => {
        const saved = await settingsApi.saveMenu({
          ...v,
          id: editing.mode === 'edit' ? editing.node.id : undefined,
          parentId: v.parentId ?? null,
          router: v.router || null,
          icon: v.icon || null,
          iframeName: v.iframeName || null,
        });
        props.onSaved(saved.id);
      }}
    >
      <Form.Item name="parentId" label={t('systemSettings.parent')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll={false}
          placeholder={t('systemSettings.root')}
          treeData={menuOptions(props.tree, name, editing.mode === 'edit' ? editing.node.id : undefined)}
        />
      </Form.Item>
      <Form.Item name="type" label={t('systemMenu.type')} rules={[zodRule(shape.type, t('systemMenu.type'))]}>
        <Radio.Group
          optionType="button"
          options={RESOURCE_TYPES.map((v) => ({
            value: v,
            label: t(v === 'menu' ? 'systemMenu.menu' : 'systemMenu.button'),
          }))}
        />
      </Form.Item>
      <Space.Compact block>
        <Form.Item
          name="name"
          label={t('systemSettings.nameZh')}
          rules={[zodRule(shape.name, t('systemSettings.nameZh'))]}
          style={{ flex: 1 }}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('systemSettings.nameEn')}
          rules={[zodRule(shape.nameEn, t('systemSettings.nameEn'))]}
          style={{ flex: 1, marginLeft: 8 }}
        >
          <Input />
        </Form.Item>
      </Space.Compact>
      <Form.Item
        name="international"
        label={t('systemMenu.key')}
        rules={[zodRule(shape.international, t('systemMenu.key'))]}
        extra={t('systemMenu.keyHint')}
      >
        <Input placeholder={Perm.SYS_USER_EDIT} />
      </Form.Item>
      <Form.Item name="router" label={t('systemMenu.router')} rules={[zodRule(shape.router, t('systemMenu.router'))]}>
        <Input placeholder="/setModule/..." />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="icon" label={t('systemMenu.icon')} rules={[zodRule(shape.icon, t('systemMenu.icon'))]}>
          <Input placeholder="MenuOutlined" />
        </Form.Item>
        <Form.Item name="sort" label={t('systemMenu.sort')}>
          <InputNumber min={0} max={10000} />
        </Form.Item>
        <Form.Item name="webShowFlag" label={t('systemMenu.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="iframeName" label={t('systemMenu.iframe')}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
