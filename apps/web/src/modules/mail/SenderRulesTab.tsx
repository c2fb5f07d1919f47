import { isSenderRuleValue, SENDER_RULE_KINDS, type SenderRuleRow } from '@portal/contracts/mail';
import { Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { useMailRefresh } from './use-mail';

type Filters = { kind?: 'white' | 'black'; keyword?: string };

/** Mailbox settings → white / blacklist: an address or @domain; learned entries come from spam moves. */
export function SenderRulesTab() {
  const { t } = useTranslation();
  const refresh = useMailRefresh();
  const [form] = Form.useForm<{ kind: 'white' | 'black'; value: string }>();
  const columns: ListColumn<SenderRuleRow>[] = [
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('mail.rules.kind'),
      width: 110,
      render: (v: SenderRuleRow['kind']) => <Tag color={v === 'white' ? 'green' : 'red'}>{t(`mail.rules.${v}`)}</Tag>,
    },
    { key: 'value', dataIndex: 'value', title: t('mail.rules.value'), width: 260 },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('mail.rules.source'),
      width: 120,
      render: (v: SenderRuleRow['source']) => t(`mail.rules.${v}`),
    },
    {
      key: 'actions',
      title: '',
      width: 90,
      render: (_: unknown, r) => (
        <Popconfirm
          title={t('mail.rules.deleteConfirm')}
          onConfirm={async () => {
            await mailApi.deleteRules([r.id]);
            await refresh();
          }}
        >
          <Button type="link" size="small" danger>
            {t('mail.set.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ kind: 'black' }}
        onFinish={async (v) => {
          await mailApi.saveRule(v);
          form.resetFields(['value']);
          await refresh();
        }}
      >
        <Form.Item name="kind">
          <Select
            style={{ width: 120 }}
            options={SENDER_RULE_KINDS.map((k) => ({ value: k, label: t(`mail.rules.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          rules={[
            {
              validator: (_, v: string | undefined) =>
                v && isSenderRuleValue(v.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('mail.rules.invalid'))),
            },
          ]}
        >
          <Input data-testid="rule-value" placeholder={t('mail.rules.hint')} style={{ width: 280 }} maxLength={254} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="rule-add">
          {t('mail.rules.add')}
        </Button>
      </Form>
      <SearchTable<SenderRuleRow, Filters>
        queryKey={mailKeys.rules}
        fetcher={(q, signal) => mailApi.rules(q, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <>
            <Form.Item name="kind" label={t('mail.rules.kind')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={SENDER_RULE_KINDS.map((k) => ({ value: k, label: t(`mail.rules.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="keyword" label={t('mail.keyword')}>
              <Input allowClear maxLength={100} style={{ width: 200 }} />
            </Form.Item>
          </>
        }
      />
    </Space>
  );
}
