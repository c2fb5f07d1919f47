import { changePasswordBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../platform/auth-api';
import { zodRule } from '../../platform/form';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password (sessions on other devices are revoked by the server). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: ({ oldPassword, newPassword }: Values) => authApi.changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      message.success(t('user.passwordChanged'));
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('user.changePassword')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => change.mutate(v)} autoComplete="off">
        <Form.Item
          name="oldPassword"
          label={t('user.oldPassword')}
          rules={[zodRule(changePasswordBody.shape.oldPassword, t('user.oldPassword'))]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('user.newPassword')}
          rules={[zodRule(changePasswordBody.shape.newPassword, t('user.newPassword'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('user.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            zodRule(changePasswordBody.shape.newPassword, t('user.confirmPassword')),
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('user.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
