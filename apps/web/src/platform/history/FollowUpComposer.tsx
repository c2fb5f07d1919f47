import type { FileInfo } from '@portal/contracts';
import { MAX_COMMENT_LENGTH, MAX_FOLLOW_UP_FILES } from '@portal/contracts/history';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Flex, Form, Input, Select, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../dict/use-dict';
import { historyApi, historyKeys, type RecordRef } from './api';

export interface FollowUpOptions {
  /** the dictionary of follow-up types (e.g. `crm.follow_up_type`) */
  typeDict: string;
  /** the types as answered by a room's own call (the mail room's `select/email/follow`), instead of the dictionary */
  types?: { value: string; label: string }[];
  /** the record's contacts to pick from */
  contacts?: { value: number; label: string }[];
  /** what the type and content start as (a mail: its kind of follow-up and subject) */
  initialType?: string;
  initialContent?: string;
  /** after a save (a dialog closes) */
  onSaved?: () => void;
}

interface Values {
  type: string;
  content: string;
  nextAt?: Dayjs | null;
  contacts?: number[];
}

/** A follow-up: type, what was done, when to contact next, files and contacts. */
export function FollowUpComposer({ record, options }: { record: RecordRef; options: FollowUpOptions }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile<FileInfo>[]>([]);
  const save = useMutation({
    mutationFn: (v: Values) =>
      historyApi.followUp(record, {
        type: v.type,
        content: v.content.trim(),
        nextAt: v.nextAt ? v.nextAt.toISOString() : null,
        fileIds: files.flatMap((f) => (f.response?.id ? [f.response.id] : [])),
        contacts: v.contacts ?? [],
      }),
    onSuccess: async () => {
      form.resetFields();
      setFiles([]);
      message.success(t('history.followUp.saved'));
      options.onSaved?.();
      await queryClient.invalidateQueries({ queryKey: historyKeys.timeline(record) });
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      initialValues={{ type: options.initialType, content: options.initialContent }}
      onFinish={(v) => save.mutate(v)}
      data-testid="history-follow-up"
    >
      <Flex gap={8} wrap>
        <Form.Item
          name="type"
          label={t('history.followUp.type')}
          rules={[{ required: true }]}
          style={{ minWidth: 160 }}
        >
          {options.types ? (
            <Select options={options.types} data-testid="history-follow-up-type" />
          ) : (
            <DictSelect code={options.typeDict} />
          )}
        </Form.Item>
        <Form.Item name="nextAt" label={t('history.followUp.nextAt')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        {options.contacts && (
          <Form.Item name="contacts" label={t('history.followUp.contacts')} style={{ minWidth: 200, flex: 1 }}>
            <Select mode="multiple" options={options.contacts} optionFilterProp="label" />
          </Form.Item>
        )}
      </Flex>
      <Form.Item name="content" label={t('history.followUp.content')} rules={[{ required: true, whitespace: true }]}>
        <Input.TextArea rows={2} maxLength={MAX_COMMENT_LENGTH} />
      </Form.Item>
      <Flex justify="space-between" align="start" gap={8} wrap>
        <Upload<FileInfo>
          fileList={files}
          maxCount={MAX_FOLLOW_UP_FILES}
          onChange={({ fileList }) => setFiles(fileList)}
          customRequest={({ file, onSuccess, onError }) => {
            historyApi.upload(file as File).then((info) => onSuccess?.(info), onError);
          }}
        >
          <Button>{t('history.followUp.upload')}</Button>
        </Upload>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="history-follow-up-save">
          {t('history.followUp.save')}
        </Button>
      </Flex>
    </Form>
  );
}
