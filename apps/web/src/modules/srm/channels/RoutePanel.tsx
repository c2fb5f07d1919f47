import type { ResolveResult } from '@portal/contracts/srm/channels';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../../platform/fields/RecordSelect';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { resolveRoute } from './api';

interface Ask {
  customerId?: number;
  accountCode?: string;
  network: string;
  at?: Dayjs;
}

/** "Which route applies to (customer, network, time)": asked above the bindings, answered in a table. */
export function RoutePanel() {
  const { t } = useTranslation();
  const ask = useMutation({
    mutationFn: (v: Ask) =>
      resolveRoute({
        network: v.network,
        ...(v.customerId ? { customerId: v.customerId } : {}),
        ...(v.accountCode?.trim() ? { accountCode: v.accountCode.trim() } : {}),
        ...(v.at ? { at: v.at.toISOString() } : {}),
      }),
  });
  const r: ResolveResult | undefined = ask.data;
  return (
    <Card size="small" title={t('srmChannel.resolve.title')} data-testid="route-resolve">
      <Form<Ask> layout="inline" onFinish={(v) => ask.mutate(v)}>
        <Form.Item
          name="customerId"
          label={t('srmChannel.resolve.customerId')}
          dependencies={['accountCode']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v || getFieldValue('accountCode')?.trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('srmChannel.resolve.whoHint'))),
            }),
          ]}
        >
          <RecordSelect kind="customer" style={{ width: 220 }} data-testid="resolve-customer" />
        </Form.Item>
        <Form.Item name="accountCode" label={t('srmChannel.resolve.accountCode')}>
          <Input style={{ width: 140 }} maxLength={32} data-testid="resolve-account" />
        </Form.Item>
        <Form.Item name="network" label={t('srmChannel.resolve.network')} rules={[{ required: true }]}>
          <RefSelect kind="operator" style={{ width: 260 }} data-testid="resolve-network" />
        </Form.Item>
        <Form.Item name="at" label={t('srmChannel.resolve.at')}>
          <DatePicker showTime />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ask.isPending} data-testid="resolve-ask">
          {t('srmChannel.resolve.ask')}
        </Button>
      </Form>
      {r && (
        <>
          <Tag color={r.level === 'none' ? 'red' : 'blue'} style={{ marginTop: 12 }} data-testid="resolve-level">
            {t(`srmChannel.resolve.level.${r.level}`)}
          </Tag>
          {r.scope && <Tag data-testid="resolve-scope">{t(`srmChannel.resolve.scope.${r.scope}`)}</Tag>}
          <Table
            size="small"
            rowKey="id"
            dataSource={r.routes}
            pagination={false}
            scroll={{ x: 'max-content' }}
            style={{ marginTop: 8 }}
            columns={[
              { title: t('srmChannel.resolve.priority'), dataIndex: 'priority' },
              { title: t('srmChannel.resolve.channel'), dataIndex: 'channelName' },
              { title: t('srmChannel.resolve.share'), dataIndex: 'share', render: (v: number) => `${v}%` },
              {
                title: t('srmChannel.resolve.window'),
                render: (_, x) => (x.windowFrom ? `${x.windowFrom}–${x.windowTo} UTC` : '-'),
              },
              {
                title: t('srmChannel.resolve.effective'),
                render: (_, x) =>
                  `${x.effectiveFrom.slice(0, 16).replace('T', ' ')} → ${x.effectiveTo?.slice(0, 16).replace('T', ' ') ?? '∞'}`,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
