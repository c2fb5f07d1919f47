import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walk } from '../../platform/resources';
import { FormModal } from '../../platform/ui/FormModal';
import { actionColumn, useRowCall } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { useUser } from '../../platform/user-store';
import { feedbackApi, feedbackKeys, type PopupConfig } from './api';

type PopupValues = {
  resourceId: number;
  enabled: boolean;
  question: string;
  questionEn: string;
  periodDays: number;
};
type EditableQuestion = { id?: number; name: string; enabled: boolean };

function QuestionsEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const all = useQuery({ queryKey: [...feedbackKeys.questions, 'all'], queryFn: () => feedbackApi.questions(true) });
  const [draft, setDraft] = useState<EditableQuestion[] | null>(null);
  const list = draft ?? all.data?.map(({ id, name, enabled }) => ({ id, name, enabled })) ?? [];
  const save = useMutation({
    mutationFn: () => feedbackApi.saveQuestions(list.filter((q) => q.name.trim())),
    onSuccess: async () => {
      message.success(t('common.saved'));
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.questions });
    },
  });
  const edit = (i: number, patch: Partial<EditableQuestion>) =>
    setDraft(list.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <Card size="small" title={t('feedback.config.questions')} loading={all.isPending}>
      <Flex vertical gap={8} style={{ maxWidth: 520 }}>
        {list.map((q, i) => (
          <Flex key={q.id ?? `new-${i}`} gap={8} align="center">
            <Input
              value={q.name}
              maxLength={50}
              onChange={(e) => edit(i, { name: e.target.value })}
              data-testid="question-name"
            />
            <Switch
              checked={q.enabled}
              onChange={(enabled) => edit(i, { enabled })}
              checkedChildren={t('feedback.config.on')}
              unCheckedChildren={t('feedback.config.off')}
            />
            {!q.id && (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => setDraft(list.filter((_, j) => j !== i))}
                aria-label={t('common.delete')}
              />
            )}
          </Flex>
        ))}
        <Flex gap={8}>
          <Button icon={<PlusOutlined />} onClick={() => setDraft([...list, { name: '', enabled: true }])}>
            {t('feedback.config.addQuestion')}
          </Button>
          <Button
            type="primary"
            disabled={!draft || !list.some((q) => q.name.trim())}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('common.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function TipsEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tips = useQuery({ queryKey: feedbackKeys.tips, queryFn: feedbackApi.tips });
  const [value, setValue] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => feedbackApi.saveTips((value ?? '').trim()),
    onSuccess: async () => {
      message.success(t('common.saved'));
      setValue(null);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.tips });
    },
  });
  return (
    <Card size="small" title={t('feedback.config.tips')} loading={tips.isPending}>
      <Flex vertical gap={8} style={{ maxWidth: 520 }}>
        <Input.TextArea
          value={value ?? tips.data?.tips ?? ''}
          onChange={(e) => setValue(e.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 3 }}
        />
        <Flex>
          <Button type="primary" disabled={value === null} loading={save.isPending} onClick={() => save.mutate()}>
            {t('common.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function PopupTriggers() {
  const { t, i18n } = useTranslation();
  const menus = useUser((s) => s.menus);
  const menuOptions = useMemo(
    () => [...walk(menus)].filter((n) => n.router).map((n) => ({ value: n.id, label: `${n.name} (${n.router})` })),
    [menus],
  );
  const [editing, setEditing] = useState<{ row: PopupConfig | null } | null>(null);
  const remove = useRowCall(feedbackApi.deletePopup, [feedbackKeys.popup]);
  const columns: TableColumnsType<PopupConfig> = [
    {
      key: 'resourceName',
      dataIndex: 'resourceName',
      title: t('feedback.config.menu'),
      render: (v: string | null, r) => `${v ?? r.resourceId}${r.router ? ` (${r.router})` : ''}`,
    },
    {
      key: 'question',
      dataIndex: 'question',
      title: t('feedback.config.question'),
      ellipsis: true,
      // the form in the reader's language
      render: (v: string | null, r) => (i18n.language.startsWith('en') ? r.questionEn : v) ?? t('rating.question'),
    },
    { key: 'periodDays', dataIndex: 'periodDays', title: t('feedback.config.periodDays'), width: 110 },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('feedback.config.state'),
      width: 90,
      render: (v: boolean) =>
        v ? <Tag color="success">{t('feedback.config.on')}</Tag> : <Tag>{t('feedback.config.off')}</Tag>,
    },
    actionColumn<PopupConfig>(
      t('common.action'),
      (r) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ row: r }) },
        {
          key: 'delete',
          label: t('common.delete'),
          danger: true,
          confirm: t('feedback.config.deleteConfirm'),
          onClick: () => remove.mutateAsync(r.resourceId),
        },
      ],
      140,
    ),
  ];
  return (
    <>
      <SearchTable<PopupConfig>
        queryKey={feedbackKeys.popup}
        fetcher={(q, signal) => feedbackApi.popupPage(q, signal)}
        columns={columns}
        rowKey="resourceId"
        title={t('feedback.config.popup')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('feedback.config.addTrigger')}
          </Button>
        }
      />
      <FormModal<PopupValues>
        open={editing !== null}
        title={t('feedback.config.popup')}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          feedbackApi.savePopup({
            ...v,
            question: v.question?.trim() || null,
            questionEn: v.questionEn?.trim() || null,
          })
        }
        successMessage={t('common.saved')}
        invalidate={feedbackKeys.popup}
        initialValues={
          editing?.row
            ? { ...editing.row, question: editing.row.question ?? '', questionEn: editing.row.questionEn ?? '' }
            : { enabled: true, periodDays: 30, question: '', questionEn: '' }
        }
      >
        <Form.Item name="resourceId" label={t('feedback.config.menu')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={menuOptions} disabled={!!editing?.row} />
        </Form.Item>
        <Form.Item name="question" label={t('feedback.config.questionZh')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="questionEn" label={t('feedback.config.questionEn')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="periodDays" label={t('feedback.config.periodDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={365} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('feedback.config.state')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** /setModule/feedbackmanagement/fb-config: feedback types, dialog tips, rating popup triggers. */
export function FeedbackConfigScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'form',
          label: t('feedback.config.formTab'),
          children: (
            <Flex vertical gap={16}>
              <QuestionsEditor />
              <TipsEditor />
            </Flex>
          ),
        },
        { key: 'popup', label: t('feedback.config.popupTab'), children: <PopupTriggers /> },
      ]}
    />
  );
}
