import { PORTQUERY_MAX_NUMBERS, type Ported, type PortQueryAnswer } from '@portal/contracts/traffic';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/download';
import { trafficApi } from './api';
import { time, timeColumn } from './shared';

type Row = PortQueryAnswer['rows'][number];
type Network = Row['original'];
const PORTED_COLOR: Record<Ported, string> = { yes: 'orange', no: 'green', unknown: 'default' };

/** how many lines the text holds, split the way the server splits it */
const countOf = (text: string) => text.split(/[\n\r,;\t]+/).filter((l) => l.trim()).length;

/**
 * /businessInquiry/portquery (携号转网查询): pasted numbers, per number the original network by its
 * range, the network our newest delivery report saw it on, and whether it was ported (decision 0139).
 */
export function PortQueryScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const [text, setText] = useState('');
  const ask = useMutation({ mutationFn: (numbers: string) => trafficApi.portQuery(numbers) });
  const [exporting, setExporting] = useState(false);
  const a = ask.data;
  const n = countOf(text);
  const net = (v: Network) => (v ? `${v.mccmnc} ${en ? v.nameEn : v.name}` : '-');
  const columns: TableColumnsType<Row> = [
    { key: 'e164', dataIndex: 'e164', title: t('traffic.portquery.number'), width: 150, fixed: 'left' },
    {
      key: 'ported',
      dataIndex: 'ported',
      title: t('traffic.portquery.ported'),
      width: 110,
      filters: (['yes', 'no', 'unknown'] as const).map((v) => ({
        text: t(`traffic.portquery.portedValues.${v}`),
        value: v,
      })),
      onFilter: (v, r) => r.ported === v,
      render: (v: Ported) => <Tag color={PORTED_COLOR[v]}>{t(`traffic.portquery.portedValues.${v}`)}</Tag>,
    },
    { key: 'country', dataIndex: 'country', title: t('traffic.portquery.country'), width: 70 },
    {
      key: 'numberType',
      dataIndex: 'numberType',
      title: t('traffic.portquery.numberType'),
      width: 150,
      responsive: ['xxl'],
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'range',
      dataIndex: 'range',
      title: t('traffic.portquery.range'),
      width: 70,
      responsive: ['lg'],
      render: (v: string | null) => v ?? '-',
    },
    { key: 'original', dataIndex: 'original', title: t('traffic.portquery.original'), width: 180, render: net },
    { key: 'lastSeen', dataIndex: 'lastSeen', title: t('traffic.portquery.lastSeen'), width: 180, render: net },
    timeColumn<Row>('lastSeenAt', t('traffic.portquery.lastSeenAt'), { responsive: ['lg'] }),
  ];
  const tally = (v: Ported) => a?.rows.filter((r) => r.ported === v).length ?? 0;
  const exportFile = async () => {
    setExporting(true);
    try {
      await download('/v2/traffic/portquery/export', { body: { numbers: text }, filename: 'portquery.xlsx' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Flex vertical gap={12} data-testid="portquery">
      <Card size="small">
        <Flex vertical gap={8}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder={t('traffic.portquery.placeholder', { max: PORTQUERY_MAX_NUMBERS })}
            data-testid="portquery-input"
          />
          <Flex wrap gap={8} align="center" justify="space-between">
            <Typography.Text type={n > PORTQUERY_MAX_NUMBERS ? 'danger' : 'secondary'}>
              {t('traffic.portquery.count', { n, max: PORTQUERY_MAX_NUMBERS })}
            </Typography.Text>
            <Space wrap>
              <Button onClick={() => setText('')} disabled={!text}>
                {t('traffic.portquery.clear')}
              </Button>
              <Button onClick={exportFile} loading={exporting} disabled={!n} data-testid="portquery-export">
                {t('traffic.portquery.export')}
              </Button>
              <Button
                type="primary"
                onClick={() => ask.mutate(text)}
                loading={ask.isPending}
                disabled={!n}
                data-testid="portquery-search"
              >
                {t('traffic.portquery.search')}
              </Button>
            </Space>
          </Flex>
        </Flex>
      </Card>
      {a && (
        <>
          <Alert
            type="info"
            showIcon
            title={t('traffic.portquery.summary', {
              total: a.rows.length,
              yes: tally('yes'),
              no: tally('no'),
              unknown: tally('unknown'),
            })}
            description={
              <>
                {t('traffic.portquery.window', { from: time(a.from), to: time(a.to) })}
                <br />
                {t('traffic.portquery.note')}
              </>
            }
            data-testid="portquery-summary"
          />
          {a.refused.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('traffic.portquery.refused', { n: a.refused.length })}
              description={
                <Flex wrap gap={4}>
                  {a.refused.map((r) => (
                    <Tag key={r.input}>
                      {r.input}: {t(`traffic.portquery.reasons.${r.reason}`)}
                    </Tag>
                  ))}
                </Flex>
              }
              data-testid="portquery-refused"
            />
          )}
        </>
      )}
      <Table<Row>
        size="small"
        rowKey="e164"
        dataSource={a?.rows ?? []}
        columns={columns}
        loading={ask.isPending}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('traffic.portquery.empty') }}
        data-testid="portquery-table"
      />
    </Flex>
  );
}
