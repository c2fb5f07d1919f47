import { Perm } from '@portal/contracts';
import { type DeptNode, type DeptSaveBody, deptSaveBody } from '@portal/contracts/system-settings';
import { Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { MembersTable } from './MembersTable';
import { NameFields } from './NameFields';
import { RecordHistory } from './RecordHistory';
import { settingsApi, settingsKeys } from './settings-api';
import { type TreeEditing, TreeNodeForm, TreeScreen } from './TreeScreen';
import { UserPicker } from './UserPicker';

type Editing = TreeEditing<DeptNode>;

/** /setModule/departmentalOrganization: the department tree with leaders and members; drag to move. */
export function DepartmentScreen() {
  const { t } = useTranslation();
  const name = useLocalName();
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
    <TreeScreen<DeptNode>
      queryKey={settingsKeys.depts}
      load={settingsApi.deptTree}
      move={settingsApi.moveDept}
      remove={settingsApi.deleteDept}
      editPerm={Perm.SYS_DEPT_EDIT}
      exportPath="/v2/sys/staff/dept/export"
      texts="systemDept"
      nodeTitle={title}
      searchText={searchText}
      editable={(n) => n.editable}
      expandAll
      details={(n) => (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('systemDept.code')}>{n.code}</Descriptions.Item>
          <Descriptions.Item label={t('systemDept.leader')}>{n.leaderName ?? t('common.empty')}</Descriptions.Item>
          <Descriptions.Item label={t('systemSettings.nameZh')}>{n.name}</Descriptions.Item>
          <Descriptions.Item label={t('systemSettings.nameEn')}>{n.nameEn}</Descriptions.Item>
          <Descriptions.Item label={t('systemDept.memberCount')}>{n.memberCount}</Descriptions.Item>
        </Descriptions>
      )}
      more={(n) => (
        <>
          <Card size="small" title={t('systemSettings.members')}>
            <MembersTable
              queryKey={settingsKeys.deptMembers(n.id)}
              fetcher={(page, signal) => settingsApi.deptMembers(n.id, page, signal)}
            />
          </Card>
          <Card size="small" title={t('systemSettings.history')}>
            <RecordHistory subject={`dept:${n.id}`} under={settingsKeys.depts} />
          </Card>
        </>
      )}
      form={(editing, tree, close, saved) => <DeptForm editing={editing} tree={tree} onClose={close} onSaved={saved} />}
    />
  );
}

function DeptForm(props: { editing: Editing; tree: DeptNode[]; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation();
  const { editing } = props;
  const shape = deptSaveBody.shape;
  const initial: Partial<DeptSaveBody> =
    editing.mode === 'edit' ? { ...editing.node } : { parentId: editing.parent?.id ?? null, leaderUserId: null };
  const known =
    editing.mode === 'edit' && editing.node.leaderUserId && editing.node.leaderName
      ? [{ id: editing.node.leaderUserId, name: editing.node.leaderName }]
      : [];
  return (
    <TreeNodeForm<DeptNode, DeptSaveBody>
      {...props}
      texts="systemDept"
      queryKey={settingsKeys.depts}
      initial={initial}
      expandAll
      save={(v, id) =>
        settingsApi.saveDept({ ...v, id, parentId: v.parentId ?? null, leaderUserId: v.leaderUserId ?? null })
      }
    >
      <Form.Item name="code" label={t('systemDept.code')} rules={[zodRule(shape.code, t('systemDept.code'))]}>
        <Input disabled={editing.mode === 'edit'} />
      </Form.Item>
      <NameFields shape={shape} />
      <Form.Item name="leaderUserId" label={t('systemDept.leader')}>
        <UserPicker known={known} />
      </Form.Item>
    </TreeNodeForm>
  );
}
