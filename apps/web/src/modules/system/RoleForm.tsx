import { Perm } from '@portal/contracts';
import { DATA_SCOPES, type DeptNode, type RoleSaveBody, roleSaveBody } from '@portal/contracts/system-settings';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { FormModal } from '../../platform/ui/FormModal';
import { NameFields } from './NameFields';
import { scopeLabel } from './scope-label';
import { settingsApi, settingsKeys } from './settings-api';

const deptOptions = (nodes: DeptNode[], name: (n: DeptNode) => string): object[] =>
  nodes.map((n) => ({ value: n.id, title: name(n), children: deptOptions(n.children, name) }));

/** A role's own fields: code, names, data scope (with its departments when custom), enabled. Grants stay as they are. */
export function RoleForm({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [form] = Form.useForm<RoleSaveBody>();
  const scope = Form.useWatch('dataScope', form);
  const canSeeDepts = useCan(Perm.SYS_DEPT_LIST);
  const detail = useQuery({
    queryKey: settingsKeys.role(id ?? 0),
    queryFn: ({ signal }) => settingsApi.role(id!, signal),
    enabled: id !== undefined,
  });
  const depts = useQuery({
    queryKey: settingsKeys.depts,
    queryFn: ({ signal }) => settingsApi.deptTree(signal),
    enabled: canSeeDepts,
  });
  const shape = roleSaveBody.shape;
  const initial = id === undefined ? { dataScope: 'own', enabled: true, departmentIds: [] } : detail.data;
  return (
    <FormModal<RoleSaveBody>
      open
      form={form}
      title={t(id === undefined ? 'systemRole.create' : 'systemRole.editTitle')}
      onClose={onClose}
      loading={id !== undefined && !detail.data}
      successMessage={t('systemSettings.saved')}
      invalidate={settingsKeys.roles}
      initialValues={initial}
      size="small"
      onSubmit={(v) =>
        settingsApi.saveRole({
          ...v,
          id,
          description: v.description || null,
          departmentIds: v.dataScope === 'custom' ? (v.departmentIds ?? []) : [],
          resourceIds: detail.data?.resourceIds ?? [],
        })
      }
    >
      <Form.Item name="code" label={t('systemRole.code')} rules={[zodRule(shape.code, t('systemRole.code'))]}>
        <Input placeholder="sales_lead" />
      </Form.Item>
      <NameFields shape={shape} />
      <Form.Item
        name="dataScope"
        label={t('systemRole.dataScope')}
        rules={[zodRule(shape.dataScope, t('systemRole.dataScope'))]}
      >
        <Select options={DATA_SCOPES.map((s) => ({ value: s, label: t(scopeLabel(s)) }))} />
      </Form.Item>
      {scope === 'custom' && (
        <Form.Item
          name="departmentIds"
          label={t('systemRole.departments')}
          rules={[{ required: true, type: 'array', min: 1, message: t('systemRole.departmentsRequired') }]}
        >
          <TreeSelect
            multiple
            treeCheckable
            treeDefaultExpandAll
            showCheckedStrategy={TreeSelect.SHOW_ALL}
            treeCheckStrictly={false}
            loading={depts.isFetching}
            treeData={deptOptions(depts.data ?? [], name)}
          />
        </Form.Item>
      )}
      <Form.Item
        name="description"
        label={t('systemRole.description')}
        rules={[zodRule(shape.description, t('systemRole.description'))]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="enabled" label={t('systemRole.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
