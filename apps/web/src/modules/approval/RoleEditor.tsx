import { Perm, type WfRoleRow, type WfRoleSaveBody, wfRoleSaveBody } from '@portal/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../platform/fields/UserSelect';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { approvalApi, approvalKeys } from './api';

const shape = wfRoleSaveBody.shape;

/** Create or change a workflow role and its members. */
export function RoleEditor({ role, open, onClose }: { role: WfRoleRow | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const label = (k: 'name' | 'code' | 'description' | 'members') => t(`approval.roles.${k}`);
  return (
    <FormModal<WfRoleSaveBody>
      open={open}
      title={role ? t('approval.roles.edit') : t('approval.roles.create')}
      onClose={onClose}
      onSubmit={(v) =>
        // the row as the dialog opened it: a change meanwhile answers CONFLICT instead of being overwritten
        approvalApi.saveRole(
          {
            ...v,
            description: v.description || null,
            memberIds: v.memberIds ?? [],
            ...(role ? { expectUpdatedAt: role.updatedAt } : {}),
          },
          role?.id,
        )
      }
      successMessage={t('approval.roles.saved')}
      invalidate={approvalKeys.root}
      initialValues={
        role
          ? {
              name: role.name,
              code: role.code,
              description: role.description,
              memberIds: role.members.map((m) => m.id),
            }
          : { memberIds: [] }
      }
    >
      <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name, label('name'))]}>
        <Input maxLength={64} data-testid="role-name" />
      </Form.Item>
      <Form.Item name="code" label={label('code')} rules={[zodRule(shape.code, label('code'))]}>
        <Input maxLength={40} data-testid="role-code" />
      </Form.Item>
      <Form.Item name="description" label={label('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="memberIds" label={label('members')}>
        <UserSelect holds={Perm.APPROVAL_TODO} mode="multiple" known={role?.members ?? []} data-testid="role-members" />
      </Form.Item>
    </FormModal>
  );
}
