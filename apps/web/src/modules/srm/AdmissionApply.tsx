import { PlusOutlined } from '@ant-design/icons';
import { ADMISSION_CHECKLIST, admissionApply, admissionResource, supplierResource } from '@portal/contracts/srm';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AttachmentInput } from '../../platform/fields/AttachmentInput';
import { zodRule } from '../../platform/form';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { type ApplyValues, applyBody } from './admission-body';
import { srmApi } from './api';

const s = admissionApply.shape;

/** My private suppliers not admitted yet: the ones an application may be for. */
function MySupplierSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const q = useQuery({
    queryKey: [...resourceKeys.all(supplierResource.key), 'admissible'],
    queryFn: ({ signal }) =>
      resourceApi(supplierResource).page({ state: 'private', admitted: false, size: 200 }, signal),
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={(q.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }))}
      data-testid="admission-supplier"
      {...props}
    />
  );
}

/** The application's fields: supplier, the whole checklist, documents, note (one form pattern). */
function ApplyFields() {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <>
      <Form.Item
        name="supplierId"
        label={t('srm.admission.supplier')}
        rules={[zodRule(s.supplierId, t('srm.admission.supplier'))]}
      >
        <MySupplierSelect />
      </Form.Item>
      <Form.Item name="checklist" label={t('srm.admission.checklist')} extra={t('srm.admission.checklistHint')}>
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={ADMISSION_CHECKLIST.map((c) => ({ value: c.key, label: label(c.label) }))}
          data-testid="admission-checklist"
        />
      </Form.Item>
      <Form.Item name="documents" label={t('srm.admission.documents')} extra={t('srm.admission.documentsHint')}>
        <AttachmentInput />
      </Form.Item>
      <Form.Item name="note" label={t('srm.admission.note')} rules={[zodRule(s.note, t('srm.admission.note'))]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </>
  );
}

/** The apply dialog opened from the applications list. */
function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<ApplyValues>
      open={open}
      title={t('srm.admission.apply')}
      onClose={onClose}
      onSubmit={(v) => srmApi.apply(applyBody(v))}
      successMessage={t('srm.admission.applied')}
      invalidate={resourceKeys.all(admissionResource.key)}
      width={640}
    >
      <ApplyFields />
    </FormModal>
  );
}

/** `operate/supplier/lication` and `/srm/submittedApply`: my applications, and a new one. */
export function AdmissionListScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceList
        def={admissionResource}
        overrides={{
          toolbar: (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="admission-apply">
              {t('srm.admission.apply')}
            </Button>
          ),
        }}
      />
      <ApplyDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** `/general/process/supplier-apply/supplier/apply`: the application as a page of its own. */
export function AdmissionApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplyValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: ApplyValues) => {
    setBusy(true);
    try {
      const { id } = await srmApi.apply(applyBody(v));
      navigate(`/srm/submittedDetail?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('srm.admission.apply')} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="admission-form">
        <ApplyFields />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('srm.admission.submit')}
        </Button>
      </Form>
    </Card>
  );
}
