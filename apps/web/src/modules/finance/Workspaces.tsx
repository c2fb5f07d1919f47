import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  allowList,
  MAX_GRACE_HOURS,
  WORKSPACE_KEY_CREATE_PATH,
  WORKSPACE_KEY_ROTATE_PATH,
  type WorkspaceKeyIssued,
  WorkspacePerm,
  workspaceKeyCreate,
  workspaceKeyResource,
  workspaceResource,
} from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { AccountSelect } from './AccountFields';

/** The texts of the workspace screens (decision 0116). */
const W = {
  newKey: { zh: '新建 API 密钥', en: 'New API key' },
  rotate: { zh: '轮换', en: 'Rotate' },
  rotateTitle: { zh: '轮换密钥', en: 'Rotate key' },
  workspace: { zh: '工作空间', en: 'Workspace' },
  keyName: { zh: '密钥名称', en: 'Key name' },
  allowIps: { zh: 'IP 白名单', en: 'IP allow-list' },
  allowHint: {
    zh: '每行或以逗号分隔一个 IPv4/IPv6 地址或 CIDR 网段，留空表示不限制。',
    en: 'One IPv4/IPv6 address or CIDR range per line or comma; empty allows any address.',
  },
  grace: { zh: '旧密钥宽限期（小时）', en: 'Old key’s grace (hours)' },
  graceHint: {
    zh: '宽限期内旧密钥仍然有效，到期后失效；0 表示立即失效。',
    en: 'The old key keeps working for the grace period, then expires; 0 stops it at once.',
  },
  issued: { zh: '请立即复制此密钥', en: 'Copy this key now' },
  issuedHint: {
    zh: '密钥只显示这一次，系统只保存其哈希值，关闭后无法再次查看。',
    en: 'The key is shown this once: only its hash is kept, and it cannot be shown again once closed.',
  },
  copied: { zh: '我已复制，关闭', en: 'I have copied it, close' },
  created: { zh: '密钥已创建', en: 'Key created' },
  rotated: { zh: '密钥已轮换', en: 'Key rotated' },
};

/** `account/consumer/workspace`: a customer's workspaces; the billing account picked from the open accounts. */
export function WorkspacesScreen() {
  return <ResourceList def={workspaceResource} overrides={{ inputs: { accountId: () => <AccountSelect /> } }} />;
}

/** The active workspaces the caller may see, to make a key in. */
function WorkspaceSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const q = useQuery({
    queryKey: [...resourceKeys.all(workspaceResource.key), 'active'],
    queryFn: ({ signal }) => resourceApi(workspaceResource).page({ state: 'active', size: 200 }, signal),
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={(q.data?.records ?? []).map((r) => ({
        value: r.id,
        label: `${r.code} ${r.name} (${r.customerName ?? r.accountCode ?? ''})`,
      }))}
      data-testid="key-workspace"
      {...props}
    />
  );
}

/** The copy-once dialog: the secret, a copy button, and no way back to it once closed. */
function IssuedKey({ issued, onClose }: { issued: WorkspaceKeyIssued | null; onClose: () => void }) {
  const label = useLabel();
  return (
    <Modal
      open={!!issued}
      title={label(W.issued)}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="key-copied">
          {label(W.copied)}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={label(W.issuedHint)} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        copyable={{ text: issued?.secret ?? '' }}
        style={{ wordBreak: 'break-all' }}
        data-testid="key-secret"
      >
        {issued?.secret}
      </Typography.Paragraph>
    </Modal>
  );
}

const k = workspaceKeyCreate.shape;

/**
 * `account/consumer/workspaceapi`: the workspaces' API keys. New and Rotate answer a secret shown once
 * in the copy-once dialog; the list, details and exports show its prefix only. Name and allow-list are
 * edited, a key revoked, through the resource.
 */
export function WorkspaceKeysScreen() {
  const label = useLabel();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<{ id: number; prefix: string } | null>(null);
  const [issued, setIssued] = useState<WorkspaceKeyIssued | null>(null);
  const keys = resourceKeys.all(workspaceKeyResource.key);
  return (
    <>
      <ResourceList
        def={workspaceKeyResource}
        overrides={{
          toolbar: (
            <Can perm={WorkspacePerm.KEY_EDIT}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="key-new">
                {label(W.newKey)}
              </Button>
            </Can>
          ),
          rowActions: (row) =>
            row.state === 'active'
              ? [
                  {
                    key: 'rotate',
                    label: label(W.rotate),
                    icon: <KeyOutlined />,
                    perm: WorkspacePerm.KEY_EDIT,
                    testId: 'key-rotate',
                    onClick: () => setRotating({ id: row.id as number, prefix: String(row.prefix) }),
                  },
                ]
              : [],
        }}
      />
      <FormModal<{ workspaceId: number; name: string; allowIps?: string }>
        open={creating}
        title={label(W.newKey)}
        onClose={() => setCreating(false)}
        onSubmit={async (v) => {
          const r = await post<WorkspaceKeyIssued>(WORKSPACE_KEY_CREATE_PATH, v);
          setIssued(r);
          return r;
        }}
        successMessage={label(W.created)}
        invalidate={keys}
        width={560}
      >
        <Form.Item name="workspaceId" label={label(W.workspace)} rules={[zodRule(k.workspaceId, label(W.workspace))]}>
          <WorkspaceSelect />
        </Form.Item>
        <Form.Item name="name" label={label(W.keyName)} rules={[zodRule(k.name, label(W.keyName))]}>
          <Input maxLength={64} data-testid="key-name" />
        </Form.Item>
        <Form.Item
          name="allowIps"
          label={label(W.allowIps)}
          extra={label(W.allowHint)}
          rules={[zodRule(allowList, label(W.allowIps))]}
        >
          <Input.TextArea rows={3} data-testid="key-allow" placeholder="203.0.113.0/24&#10;2001:db8::/32" />
        </Form.Item>
      </FormModal>
      <FormModal<{ graceHours: number }>
        open={!!rotating}
        title={`${label(W.rotateTitle)} ${rotating?.prefix ?? ''}…`}
        onClose={() => setRotating(null)}
        onSubmit={async (v) => {
          const r = await post<WorkspaceKeyIssued>(WORKSPACE_KEY_ROTATE_PATH, { id: rotating!.id, ...v });
          setIssued(r);
          return r;
        }}
        successMessage={label(W.rotated)}
        invalidate={keys}
        initialValues={{ graceHours: 24 }}
        width={480}
      >
        <Form.Item name="graceHours" label={label(W.grace)} extra={label(W.graceHint)} rules={[{ required: true }]}>
          <InputNumber min={0} max={MAX_GRACE_HOURS} precision={0} style={{ width: '100%' }} data-testid="key-grace" />
        </Form.Item>
      </FormModal>
      <IssuedKey issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
