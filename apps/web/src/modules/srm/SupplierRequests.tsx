import { PlusOutlined } from '@ant-design/icons';
import {
  type EntityChangeApply,
  entityChangeApply,
  supplierRequestResource,
  type TransferRequestApply,
  transferRequestApply,
} from '@portal/contracts/srm';
import type { StaffPick } from '@portal/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RefSelect } from '../../platform/fields/RefSelect';
import { zodRule } from '../../platform/form';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { srmApi, srmKeys } from './api';
import { OwnSupplierSelect } from './OwnSupplierSelect';

const DETAIL = '/srm/operate/transfer-supplier/detail';
const tr = transferRequestApply.shape;
const en = entityChangeApply.shape;

/** Buyers a transfer may go to (any department: the approval decides). */
function ReceiverSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const q = useQuery({
    queryKey: srmKeys.receivers(deferred),
    queryFn: ({ signal }) => srmApi.receivers(deferred, signal),
    staleTime: 30_000,
  });
  const label = (u: StaffPick) =>
    `${u.name} (${u.jobNumber})${u.deptNames.length ? ` · ${u.deptNames.join('/')}` : ''}`;
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={q.isLoading}
      options={(q.data ?? []).map((u) => ({ value: u.id, label: label(u) }))}
      data-testid="transfer-receiver"
      {...props}
    />
  );
}

/** The page that sends a request and opens its detail. */
function ApplyCard<T extends object>(props: {
  title: string;
  testId: string;
  initial?: Partial<T>;
  send: (v: T) => Promise<{ id: number }>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (v: T) => {
    setBusy(true);
    try {
      const { id } = await props.send(v);
      navigate(`${DETAIL}?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={props.title} style={{ maxWidth: 720 }}>
      <Form<T> layout="vertical" onFinish={submit} initialValues={props.initial} data-testid={props.testId}>
        {props.children}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('srm.admission.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** `operate/transfer-supplier/apply`: hand one of my suppliers to another buyer, through approval. */
export function TransferApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const supplierId = Number(params.get('supplierId')) || undefined;
  return (
    <ApplyCard<TransferRequestApply>
      title={t('srm.request.transfer')}
      testId="transfer-request-form"
      initial={{ supplierId, withContacts: true, keepAs: 'none' }}
      send={srmApi.applyTransfer}
    >
      <Form.Item
        name="supplierId"
        label={t('srm.request.supplier')}
        rules={[zodRule(tr.supplierId, t('srm.request.supplier'))]}
      >
        <OwnSupplierSelect data-testid="transfer-supplier" />
      </Form.Item>
      <Form.Item
        name="toUserId"
        label={t('srm.request.toUser')}
        rules={[zodRule(tr.toUserId, t('srm.request.toUser'))]}
      >
        <ReceiverSelect />
      </Form.Item>
      <Form.Item name="withContacts" label={t('srm.request.withContacts')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="keepAs" label={t('srm.request.keepAs')}>
        <Radio.Group
          options={(['none', 'read', 'write'] as const).map((k) => ({ value: k, label: t(`srm.request.keep.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('srm.request.reason')} rules={[zodRule(tr.reason, t('srm.request.reason'))]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </ApplyCard>
  );
}

/** `/general/process/supplier-body-replace/apply`: our contracting entity on a supplier, through approval. */
export function EntityChangeApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const supplierId = Number(params.get('supplierId')) || undefined;
  return (
    <ApplyCard<EntityChangeApply>
      title={t('srm.request.entity')}
      testId="entity-change-form"
      initial={{ supplierId }}
      send={srmApi.applyEntityChange}
    >
      <Form.Item
        name="supplierId"
        label={t('srm.request.supplier')}
        rules={[zodRule(en.supplierId, t('srm.request.supplier'))]}
      >
        <OwnSupplierSelect data-testid="entity-change-supplier" />
      </Form.Item>
      <Form.Item
        name="toEntityId"
        label={t('srm.request.toEntity')}
        rules={[zodRule(en.toEntityId, t('srm.request.toEntity'))]}
      >
        <RefSelect kind="entity" data-testid="entity-change-entity" />
      </Form.Item>
      <Form.Item name="reason" label={t('srm.request.reason')} rules={[zodRule(en.reason, t('srm.request.reason'))]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </ApplyCard>
  );
}

/** `operate/transfer-supplier/list`: my transfer, entity and source change requests (managers: their scope's). */
export function SupplierRequestListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={supplierRequestResource}
      overrides={{
        toolbar: (
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/srm/operate/transfer-supplier/apply')}
              data-testid="transfer-request-apply"
            >
              {t('srm.request.transfer')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => navigate('/general/process/supplier-body-replace/apply')}>
              {t('srm.request.entity')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => navigate('/general/process/modify-supplier-source/apply')}>
              {t('srm.source.apply')}
            </Button>
          </Space>
        ),
      }}
    />
  );
}

/** `operate/transfer-supplier/detail`: one request (`?id=`). */
export function SupplierRequestDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ResourceDetail def={supplierRequestResource} id={Number.isInteger(id) && id > 0 ? id : 0} />;
}
