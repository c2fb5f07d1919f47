import { type InstanceDetail, Perm } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../platform/fields/UserSelect';
import { approvalApi, approvalKeys, type RejectTarget } from './api';

export type ActionKind = 'agree' | 'reject' | 'transmit' | 'withdraw';

interface Values {
  opinion?: string;
  target?: RejectTarget;
  nodeKey?: string;
  toUserId?: number;
}

/** The confirmation of one action on a request: opinion, and the reject target or the new assignee. */
export function ActionDialog({
  kind,
  detail,
  onClose,
}: {
  kind: ActionKind | null;
  detail: InstanceDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const taskId = detail.viewer.taskId;
  const target = Form.useWatch('target', form);
  const nodes = useQuery({
    queryKey: approvalKeys.rejectNodes(taskId ?? 0),
    queryFn: () => approvalApi.rejectNodes(taskId!),
    enabled: kind === 'reject' && !!taskId,
  });

  const act = useMutation({
    mutationFn: async (v: Values) => {
      const opinion = (v.opinion ?? '').trim();
      if (kind === 'agree') return approvalApi.agree(taskId!, opinion);
      if (kind === 'reject')
        return approvalApi.reject({
          taskId: taskId!,
          target: v.target!,
          ...(v.target === 'node' ? { nodeKey: v.nodeKey } : {}),
          opinion,
        });
      if (kind === 'transmit') return approvalApi.transmit(taskId!, v.toUserId!, opinion);
      return approvalApi.withdraw(detail.id, opinion);
    },
    onSuccess: async () => {
      if (kind) message.success(t(`approval.done.${kind}`));
      form.resetFields();
      onClose();
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
    },
  });

  const opinionRequired = kind === 'reject';
  return (
    <Modal
      open={kind !== null}
      title={kind ? t(`approval.confirm.${kind}`) : ''}
      okText={kind ? t(`approval.action.${kind}`) : ''}
      okButtonProps={
        { danger: kind === 'reject' || kind === 'withdraw', 'data-testid': 'action-confirm' } as ButtonProps
      }
      confirmLoading={act.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ target: 'initiator' }}
        onFinish={(v) => act.mutate(v)}
        preserve={false}
      >
        {kind === 'reject' && (
          <>
            <Form.Item name="target" label={t('approval.rejectTo')}>
              <Radio.Group
                data-testid="reject-target"
                options={(['initiator', 'node', 'end'] as const).map((v) => ({
                  value: v,
                  label: t(`approval.rejectTarget.${v}`),
                  disabled: v === 'node' && (nodes.data ?? []).length === 0,
                }))}
              />
            </Form.Item>
            {target === 'node' && (
              <Form.Item
                name="nodeKey"
                label={t('approval.rejectNode')}
                rules={[{ required: true, message: t('form.required', { label: t('approval.rejectNode') }) }]}
              >
                <Select
                  loading={nodes.isPending}
                  options={(nodes.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
                />
              </Form.Item>
            )}
          </>
        )}
        {kind === 'transmit' && (
          <Form.Item
            name="toUserId"
            label={t('approval.transmitTo')}
            rules={[{ required: true, message: t('form.required', { label: t('approval.transmitTo') }) }]}
          >
            <UserSelect holds={Perm.APPROVAL_TODO} data-testid="transmit-user" />
          </Form.Item>
        )}
        <Form.Item
          name="opinion"
          label={t('approval.opinion')}
          rules={
            opinionRequired
              ? [{ required: true, whitespace: true, message: t('form.required', { label: t('approval.opinion') }) }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="action-opinion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
