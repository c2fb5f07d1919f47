import type { ResourceDef } from '@portal/contracts/resource/define';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../ui/FormModal';
import type { Values } from './api';
import { useLabel } from './labels';
import { type InputOverrides, ResourceFormFields } from './ResourceFormFields';
import { useResourceForm } from './use-resource-form';

/** The create / edit dialog of a resource (its page twin is `ResourceCreatePage`). */
export function ResourceForm({
  def,
  id,
  open,
  onClose,
  inputs = {},
  initialValues,
}: {
  def: ResourceDef;
  /** the record edited; none: a new one */
  id?: number | null;
  open: boolean;
  onClose: () => void;
  inputs?: InputOverrides;
  /** a new record's starting values (a screen that opens the form for what it shows) */
  initialValues?: Values;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const [instance] = Form.useForm<Values>();
  const form = useResourceForm(def, { id, form: instance });
  const title = `${form.editing ? t('resource.edit') : t('resource.create')} · ${label(def.title)}`;
  return (
    <FormModal
      open={open}
      title={title}
      form={instance}
      onClose={onClose}
      onSubmit={form.submit}
      successMessage={t('resource.saved')}
      invalidate={form.invalidate}
      initialValues={form.record ?? (form.editing ? undefined : initialValues)}
      loading={form.loading}
      width={560}
    >
      <ResourceFormFields def={def} sections={form.sections} record={form.record} hint={form.hint} inputs={inputs} />
    </FormModal>
  );
}
