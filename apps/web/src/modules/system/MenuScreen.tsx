import { Perm } from '@portal/contracts';
import { type MenuNode, type MenuSaveBody, menuSaveBody, RESOURCE_TYPES } from '@portal/contracts/system-settings';
import { Card, Descriptions, Form, Input, InputNumber, Radio, Space, Switch, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { NameFields } from './NameFields';
import { RecordHistory } from './RecordHistory';
import { settingsApi, settingsKeys } from './settings-api';
import { type TreeEditing, TreeNodeForm, TreeScreen } from './TreeScreen';

type Editing = TreeEditing<MenuNode>;

/** /setModule/authManage/menu: the menu and button resources as a tree; create, edit, drag to move, delete. */
export function MenuScreen() {
  const { t } = useTranslation();
  const name = useLocalName();
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
    <TreeScreen<MenuNode>
      queryKey={settingsKeys.menu}
      load={settingsApi.menuTree}
      move={settingsApi.moveMenu}
      remove={settingsApi.deleteMenu}
      editPerm={Perm.SYS_MENU_EDIT}
      exportPath="/v2/sys/staff/resource/export"
      texts="systemMenu"
      nodeTitle={title}
      searchText={searchText}
      acceptsChildren={(n) => n.type === 'menu'}
      details={(n) => (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('systemMenu.type')}>
            {t(n.type === 'menu' ? 'systemMenu.menu' : 'systemMenu.button')}
          </Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.key')}>
            <Typography.Text code copyable>
              {n.international}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('systemSettings.nameZh')}>{n.name}</Descriptions.Item>
          <Descriptions.Item label={t('systemSettings.nameEn')}>{n.nameEn}</Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.router')}>{n.router ?? t('common.empty')}</Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.icon')}>{n.icon ?? t('common.empty')}</Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.shown')}>
            {n.webShowFlag ? t('systemSettings.yes') : t('systemSettings.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.sort')}>{n.sort}</Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.iframe')}>{n.iframeName ?? t('common.empty')}</Descriptions.Item>
          <Descriptions.Item label={t('systemMenu.roleCount')}>{n.roleCount}</Descriptions.Item>
        </Descriptions>
      )}
      more={(n) => (
        <Card size="small" title={t('systemSettings.history')}>
          <RecordHistory subject={`menu:${n.id}`} under={settingsKeys.menu} />
        </Card>
      )}
      form={(editing, tree, close, saved) => <MenuForm editing={editing} tree={tree} onClose={close} onSaved={saved} />}
    />
  );
}

function MenuForm(props: { editing: Editing; tree: MenuNode[]; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation();
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
    <TreeNodeForm<MenuNode, MenuSaveBody>
      {...props}
      texts="systemMenu"
      queryKey={settingsKeys.menu}
      initial={initial}
      takesChildren={(n) => n.type === 'menu'}
      save={(v, id) =>
        settingsApi.saveMenu({
          ...v,
          id,
          parentId: v.parentId ?? null,
          router: v.router || null,
          icon: v.icon || null,
          iframeName: v.iframeName || null,
        })
      }
    >
      <Form.Item name="type" label={t('systemMenu.type')} rules={[zodRule(shape.type, t('systemMenu.type'))]}>
        <Radio.Group
          optionType="button"
          options={RESOURCE_TYPES.map((v) => ({
            value: v,
            label: t(v === 'menu' ? 'systemMenu.menu' : 'systemMenu.button'),
          }))}
        />
      </Form.Item>
      <NameFields shape={shape} sideBySide />
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
    </TreeNodeForm>
  );
}
