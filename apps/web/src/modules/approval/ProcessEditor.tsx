import type { ProcessDetail, ProcessNode, ProcessSaveBody } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Drawer, Form, Input, Row, Select, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDisplay } from '../../platform/fields/money';
import { useLocalName } from '../../platform/local-name';
import { approvalApi, approvalKeys } from './api';
import { definitionFlow } from './flow-model';
import { LazyFlow } from './LazyFlow';
import { NodeEditor } from './NodeEditor';
import { useDebounced } from './use-debounced';

type Values = Omit<ProcessSaveBody, 'definition' | 'id'> & { nodes: ProcessNode[] };

const EMPTY: Partial<Values> = { groupName: '通用', serviceName: 'general', nodes: [] };

/** Numbers typed into a condition compare as numbers (money in minor units); the rest as text. */
const conditionValue = (v: string | number) =>
  typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;

function toBody(v: Values, opened?: ProcessDetail): ProcessSaveBody {
  const { nodes, ...rest } = v;
  return {
    ...(opened ? { id: opened.id, expectUpdatedAt: opened.updatedAt } : {}),
    ...rest,
    applyPath: rest.applyPath || null,
    description: rest.description || null,
    definition: {
      nodes: nodes.map((n) => ({
        ...n,
        userIds: n.userIds ?? [],
        conditions: (n.conditions ?? []).map((c) => ({ ...c, value: conditionValue(c.value) })),
        timeLimitHours: n.timeLimitHours ?? null,
        roleId: n.roleId ?? null,
      })),
    },
  };
}

/** Create or edit a process: its binding (form, service) and its nodes, with the drawn flow beside. */
export function ProcessEditor({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const detail = useQuery({
    queryKey: approvalKeys.process(id ?? 0),
    queryFn: () => approvalApi.process(id!),
    enabled: open && !!id,
  });
  // the process as the drawer opened it: a refetch meanwhile must not move the stamp the save
  // checks (it would overwrite someone's change); the server answers CONFLICT instead
  const [opened, setOpened] = useState<ProcessDetail>();
  const snapshot = opened && opened.id === id ? opened : undefined;
  useEffect(() => {
    if (!open) setOpened(undefined);
  }, [open]);
  useEffect(() => {
    if (open && id && !snapshot && detail.data && !detail.isFetching) setOpened(detail.data);
  }, [open, id, snapshot, detail.data, detail.isFetching]);
  const forms = useQuery({ queryKey: approvalKeys.options('form'), queryFn: approvalApi.formOptions, enabled: open });
  const roles = useQuery({ queryKey: approvalKeys.options('role'), queryFn: approvalApi.roleOptions, enabled: open });
  const formId = Form.useWatch('formId', form);
  const fields = useQuery({
    queryKey: approvalKeys.auditFields(formId ?? 0),
    queryFn: () => approvalApi.auditFields(formId!),
    enabled: open && !!formId,
  });
  const nodes = useDebounced(
    (Form.useWatch('nodes', { form, preserve: true }) as ProcessNode[] | undefined) ?? [],
    300,
  );
  const boxes = useMemo(() => {
    const fieldLabel = new Map((fields.data ?? []).map((f) => [f.key, f.label]));
    const moneyFields = new Set((fields.data ?? []).filter((f) => f.type === 'money').map((f) => f.key));
    const roleLabel = new Map((roles.data ?? []).map((r) => [Number(r.value), r.label]));
    return definitionFlow(
      nodes.filter((n) => n?.key),
      {
        start: t('approval.flowStart'),
        name: localName,
        end: t('approval.flowEnd'),
        field: (k) => fieldLabel.get(k) ?? k,
        // a money condition is stored in minor units: shown as the amount people typed
        value: (k, v) => (moneyFields.has(k) && typeof v === 'number' ? minorToDisplay(v) : String(v)),
        approvers: (n) =>
          n.approverKind === 'role'
            ? (roleLabel.get(n.roleId ?? 0) ?? t('approval.cfg.kind.role'))
            : n.approverKind === 'users'
              ? t('approval.cfg.userCount', { count: n.userIds?.length ?? 0 })
              : n.approverKind === 'leaderChain'
                ? t('approval.cfg.leaderLevels', { levels: n.levels ?? 1 })
                : t('approval.cfg.kind.deptLeader'),
      },
    );
  }, [nodes, fields.data, roles.data, t, localName]);

  const save = useMutation({
    mutationFn: (v: Values) => approvalApi.saveProcess(toBody(v, snapshot)),
    onSuccess: async (saved: ProcessDetail) => {
      message.success(t('approval.cfg.published', { version: saved.version }));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
      onClose();
    },
  });

  const loading = !!id && !snapshot;
  const initial: Partial<Values> | undefined = snapshot
    ? { ...snapshot, nodes: snapshot.definition.nodes }
    : id
      ? undefined
      : EMPTY;
  const req = (label: string) => [{ required: true, message: t('form.required', { label }) }];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1100}
      title={id ? t('approval.cfg.edit') : t('approval.cfg.create')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="process-publish">
            {t('approval.cfg.publish')}
          </Button>
        </Space>
      }
    >
      {loading || !initial ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => save.mutate(v)}
          size="small"
        >
          <Row gutter={12}>
            <Col xs={24} lg={15}>
              <Row gutter={8}>
                <Col xs={12} md={8}>
                  <Form.Item name="name" label={t('approval.cfg.name')} rules={req(t('approval.cfg.name'))}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="nameEn" label={t('approval.cfg.nameEn')} rules={req(t('approval.cfg.nameEn'))}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="code" label={t('approval.cfg.code')} rules={req(t('approval.cfg.code'))}>
                    <Input maxLength={40} disabled={!!id} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="groupName" label={t('approval.cfg.group')} rules={req(t('approval.cfg.group'))}>
                    <Input maxLength={32} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="serviceName"
                    label={t('approval.cfg.service')}
                    rules={req(t('approval.cfg.service'))}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="formId" label={t('approval.cfg.form')} rules={req(t('approval.cfg.form'))}>
                    <Select options={(forms.data ?? []).map((f) => ({ value: Number(f.value), label: f.label }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="applyPath" label={t('approval.cfg.applyPath')}>
                    <Input maxLength={200} placeholder="/general/process/…" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item name="description" label={t('approval.cfg.description')}>
                    <Input maxLength={500} />
                  </Form.Item>
                </Col>
              </Row>
              <NodeEditor roles={roles.data ?? []} conditionFields={fields.data ?? []} />
            </Col>
            <Col xs={24} lg={9}>
              <Card size="small" title={t('approval.flow')} style={{ position: 'sticky', top: 0 }}>
                <LazyFlow boxes={boxes} />
              </Card>
            </Col>
          </Row>
        </Form>
      )}
    </Drawer>
  );
}
