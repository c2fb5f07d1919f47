import { PlusOutlined } from '@ant-design/icons';
import { type SourceChangeApply, sourceChangeApply, supplierRequestResource } from '@portal/contracts/srm';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DictSelect } from '../../platform/dict/use-dict';
import { zodRule } from '../../platform/form';
import { resourceKeys } from '../../platform/resource/keys';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { srmApi } from './api';
import { OwnSupplierSelect } from './OwnSupplierSelect';

const s = sourceChangeApply.shape;

function SourceChangeFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="supplierId"
        label={t('srm.source.supplier')}
        rules={[zodRule(s.supplierId, t('srm.source.supplier'))]}
      >
        <OwnSupplierSelect data-testid="source-change-supplier" />
      </Form.Item>
      <Form.Item name="toSource" label={t('srm.source.to')} rules={[zodRule(s.toSource, t('srm.source.to'))]}>
        <DictSelect code="purchase.supplier_source" />
      </Form.Item>
      <Form.Item name="reason" label={t('srm.source.reason')} rules={[zodRule(s.reason, t('srm.source.reason'))]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

/** `operate/change-source-approval`: my source change requests (supplier requests of kind `source`), and a new one. */
export function SourceChangeListScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceList
        def={supplierRequestResource}
        fixed={{ kind: 'source' }}
        overrides={{
          toolbar: (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setOpen(true)}
              data-testid="source-change-apply"
            >
              {t('srm.source.apply')}
            </Button>
          ),
        }}
      />
      <FormModal<SourceChangeApply>
        open={open}
        title={t('srm.source.apply')}
        onClose={() => setOpen(false)}
        onSubmit={(v) => srmApi.applySourceChange(v)}
        successMessage={t('srm.source.applied')}
        invalidate={resourceKeys.all(supplierRequestResource.key)}
      >
        <SourceChangeFields />
      </FormModal>
    </>
  );
}

/** `operate/change-source-approval/detail` and `my-detail`: one request (`?id=`), the supplier request's detail. */
export function SourceChangeDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ResourceDetail def={supplierRequestResource} id={Number.isInteger(id) && id > 0 ? id : 0} />;
}

/** `/general/process/modify-supplier-source/apply`: the request as a page of its own. */
export function SourceChangeApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (v: SourceChangeApply) => {
    setBusy(true);
    try {
      const { id } = await srmApi.applySourceChange(v);
      navigate(`/srm/operate/change-source-approval/my-detail?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('srm.source.apply')} style={{ maxWidth: 720 }}>
      <Form<SourceChangeApply> layout="vertical" onFinish={submit} data-testid="source-change-form">
        <SourceChangeFields />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('srm.admission.submit')}
        </Button>
      </Form>
    </Card>
  );
}
