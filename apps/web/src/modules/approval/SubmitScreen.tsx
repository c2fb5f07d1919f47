import { type FormField, type FormValues, formFieldSpec } from '@portal/contracts';
import { fieldValueSchema } from '@portal/contracts/fields';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Form, Input, Row, Skeleton, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FieldInput } from '../../platform/fields/FieldInput';
import { approvalApi, approvalKeys } from './api';
import { useFormFieldDesc } from './form-field';
import { profilePath } from './profile-path';
import { RouteSteps } from './RoutePreview';
import { useDebounced } from './use-debounced';

type Values = { title?: string } & FormValues;

/** Only the form's own keys, without empty values: what start and route/preview receive. */
function formDataOf(fields: FormField[], values: Values): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = values[f.key];
    if (v === undefined || v === null || v === '') continue;
    out[f.key] = v;
  }
  return out;
}

/**
 * /general/sponsor/submit?processId=… (or ?instanceId=… to resubmit a request sent back): the
 * generic application form rendered from the process's form, with the route it will take.
 */
export function SubmitScreen() {
  const { t, i18n } = useTranslation();
  const descOf = useFormFieldDesc();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const resubmitId = Number(params.get('instanceId')) || undefined;
  const [form] = Form.useForm<Values>();

  const previous = useQuery({
    queryKey: approvalKeys.detail(resubmitId ?? 0),
    queryFn: () => approvalApi.detail(resubmitId!),
    enabled: !!resubmitId,
  });
  const processId = Number(params.get('processId')) || previous.data?.processId || 0;
  const sponsor = useQuery({ queryKey: approvalKeys.sponsor(''), queryFn: () => approvalApi.sponsor() });
  const process = sponsor.data?.find((p) => p.id === processId);
  const fields = useQuery({
    queryKey: approvalKeys.fields(processId),
    queryFn: () => approvalApi.processFields(processId),
    enabled: processId > 0,
  });
  const sorted = useMemo(() => [...(fields.data ?? [])].sort((a, b) => a.sort - b.sort), [fields.data]);

  const watched = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const data = useDebounced(
    useMemo(() => formDataOf(sorted, watched ?? {}), [sorted, watched]),
    400,
  );
  const preview = useQuery({
    queryKey: [...approvalKeys.preview, processId, data],
    queryFn: () => approvalApi.previewRoute(processId, data),
    enabled: processId > 0 && fields.isSuccess,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const submit = useMutation({
    mutationFn: (v: Values) =>
      approvalApi.start({
        processId,
        ...(resubmitId ? { instanceId: resubmitId } : {}),
        title: (v.title ?? '').trim(),
        formData: formDataOf(sorted, v),
      }),
    onSuccess: async ({ instanceId }, v) => {
      message.success(resubmitId ? t('approval.resubmitted') : t('approval.submitted'));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
      void navigate(profilePath('my-initiate', instanceId, v.title ?? ''));
    },
  });

  if (!processId && !previous.isPending) return <Empty description={t('approval.noProcess')} />;
  if (fields.isPending || (resubmitId && previous.isPending)) return <Skeleton active />;
  const zh = i18n.language.startsWith('zh');
  const name = process ? (zh ? process.name : process.nameEn) : (previous.data?.processName ?? '');
  const initial: Values | undefined = previous.data
    ? { title: previous.data.title, ...previous.data.formData }
    : undefined;

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={16}>
        <Card size="small" title={resubmitId ? t('approval.resubmitTitle', { name }) : name} data-testid="submit-card">
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={initial}
            onFinish={(v) => submit.mutate(v)}
            style={{ maxWidth: 720 }}
          >
            <Form.Item
              name="title"
              label={t('approval.requestTitle')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('form.required', { label: t('approval.requestTitle') }),
                },
              ]}
            >
              <Input maxLength={120} showCount data-testid="submit-title" />
            </Form.Item>
            {sorted.map((f) => (
              <FieldInput key={f.id} name={f.key} field={descOf(f)} schema={fieldValueSchema(formFieldSpec(f))} />
            ))}
            <Space>
              <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="submit-send">
                {resubmitId ? t('approval.resubmit') : t('approval.submit')}
              </Button>
              <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('approval.routePreview')} loading={preview.isPending}>
          {preview.isError ? (
            <Flex vertical gap={4} data-testid="route-error">
              <span>{preview.error.message}</span>
            </Flex>
          ) : (
            <RouteSteps steps={preview.data ?? []} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
