import { Errors } from '@portal/contracts';
import {
  type ApplicationKind,
  aliasApply,
  applicationResource,
  classAApply,
  customerResource,
  sourceApply,
  teamNameApply,
} from '@portal/contracts/crm';
import { Alert, Button, Card, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api-error';
import { DictSelect } from '../../../platform/dict/use-dict';
import { zodRule } from '../../../platform/form';
import { resourceKeys } from '../../../platform/resource/keys';
import { useLabel } from '../../../platform/resource/labels';
import { FormModal } from '../../../platform/ui/FormModal';
import { applyFor } from './api';
import { CustomerPicker } from './CustomerPicker';

type Values = { customerId?: number; alias?: string; source?: string; name?: string; reason: string };

const kindLabel = (kind: ApplicationKind) =>
  applicationResource.fields.kind.options.find((o) => o.value === kind)!.label;

/**
 * Sends an application; a taken alias (10050016) puts the server's free alias into the field, so
 * the next confirm sends it (the error path has said so).
 */
async function submit(kind: ApplicationKind, form: FormInstance<Values>, v: Values, customerId?: number) {
  const body: Record<string, unknown> = { customerId: customerId ?? v.customerId, reason: v.reason?.trim() };
  if (kind === 'alias') body.alias = v.alias?.trim();
  if (kind === 'source') body.source = v.source;
  if (kind === 'teamName') body.name = v.name?.trim();
  try {
    return await applyFor(kind, body);
  } catch (err) {
    if (isApiError(err) && err.code === Errors.ALIAS_TAKEN.code) {
      const alias = (err.data as { alias?: string } | null)?.alias;
      if (alias) form.setFieldValue('alias', alias);
    }
    throw err;
  }
}

/** The fields of one kind of application: the customer (unless given), the new value, the reason. */
function ApplyFields({ kind, withCustomer }: { kind: ApplicationKind; withCustomer: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const f = customerResource.fields;
  return (
    <>
      {withCustomer && (
        <Form.Item name="customerId" label={t('crmFlows.customer')} rules={[{ required: true }]}>
          <CustomerPicker data-testid="apply-customer" />
        </Form.Item>
      )}
      {kind === 'alias' && (
        <Form.Item
          name="alias"
          label={t('crmFlows.newAlias')}
          rules={[zodRule(aliasApply.shape.alias, label(f.alias.label))]}
        >
          <Input maxLength={32} data-testid="apply-alias" />
        </Form.Item>
      )}
      {kind === 'source' && (
        <Form.Item
          name="source"
          label={t('crmFlows.newSource')}
          rules={[zodRule(sourceApply.shape.source, label(f.source.label))]}
        >
          <DictSelect code="crm.customer_source" data-testid="apply-source" />
        </Form.Item>
      )}
      {kind === 'teamName' && (
        <Form.Item
          name="name"
          label={t('crmFlows.newTeamName')}
          rules={[zodRule(teamNameApply.shape.name, t('crmFlows.newTeamName'))]}
        >
          <Input maxLength={128} data-testid="apply-team-name" />
        </Form.Item>
      )}
      {kind === 'classA' && (
        <Alert type="info" showIcon title={t('crmFlows.classAHint')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="reason"
        label={t('crmFlows.reason')}
        rules={[zodRule(classAApply.shape.reason, t('crmFlows.reason'))]}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="apply-reason" />
      </Form.Item>
    </>
  );
}

/** An application on one customer, from its detail page. */
export function ApplyDialog({
  kind,
  customerId,
  open,
  onClose,
}: {
  kind: ApplicationKind;
  customerId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values>
      open={open}
      form={form}
      title={label(kindLabel(kind))}
      onClose={onClose}
      onSubmit={async (v) => {
        try {
          return await submit(kind, form, v, customerId);
        } catch (err) {
          // the 10050027 dialog may lead to another screen: this form has nothing left to do
          if (isApiError(err) && err.code === Errors.ALIAS_CHANGE_PENDING.code) onClose();
          throw err;
        }
      }}
      successMessage={t('crmFlows.submitted')}
      invalidate={resourceKeys.all(applicationResource.key)}
    >
      <ApplyFields kind={kind} withCustomer={false} />
    </FormModal>
  );
}

/** An application page (class A, source change, team name change): pick the customer, send. */
export function ApplyCard({ kind }: { kind: ApplicationKind }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const r = await submit(kind, form, v);
      setSent(r.code);
      form.resetFields();
    } catch {
      // the error path has shown the answer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={label(kindLabel(kind))} style={{ maxWidth: 640 }}>
      {sent && (
        <Alert
          type="success"
          showIcon
          closable
          title={t('crmFlows.sentAs', { code: sent })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <ApplyFields kind={kind} withCustomer />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="apply-submit">
          {t('crmFlows.submit')}
        </Button>
      </Form>
    </Card>
  );
}
