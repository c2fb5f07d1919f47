import { type ResourceDef, SIGNED_IN } from '@portal/contracts/resource/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ForbiddenPage } from '../ui/ForbiddenPage';
import { useUser } from '../user-store';
import type { Values } from './api';
import { useLabel } from './labels';
import { type InputOverrides, ResourceFormFields } from './ResourceFormFields';
import { useResourceForm } from './use-resource-form';

/**
 * The definition's create route as a page (a tab) instead of the list's dialog: the same form body,
 * rules and hint (`ResourceFormFields`, `useResourceForm`). Saved, it goes to the list, which
 * refetches; the page starts empty again for the next record.
 */
export function ResourceCreatePage({
  def,
  inputs,
  initialValues,
  next,
}: {
  def: ResourceDef;
  inputs?: InputOverrides;
  /** starting values (the customer an opportunity is added to) */
  initialValues?: Values;
  /** where the saved record leads (its list when not given) */
  next?: (saved: { id: number }) => string;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = useUser((s) => def.access.create === SIGNED_IN || s.keys.has(def.access.create ?? ''));
  const [instance] = Form.useForm<Values>();
  const form = useResourceForm(def, { form: instance });
  const save = useMutation({
    mutationFn: form.submit,
    onSuccess: (saved) => {
      message.success(t('resource.saved'));
      void queryClient.invalidateQueries({ queryKey: form.invalidate });
      instance.resetFields();
      navigate(next ? next(saved as { id: number }) : def.routes.list);
    },
  });
  if (!def.access.create || !allowed) return <ForbiddenPage />;
  return (
    <Card title={`${t('resource.create')} · ${label(def.title)}`} data-testid="resource-create-page">
      <Form<Values>
        form={instance}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 720 }}
      >
        <ResourceFormFields def={def} sections={form.sections} hint={form.hint} inputs={inputs} />
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="create-page-save">
            {t('resource.save')}
          </Button>
          <Button onClick={() => instance.resetFields()}>{t('resource.reset')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
