import {
  AUDIT_MAX_DAYS,
  AUDIT_RESULTS,
  type AuditListQuery,
  type AuditRow,
  auditListQuery,
} from '@portal/contracts/system-settings';
import { DatePicker, Form, Input, Select, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { SearchTable } from '../../platform/ui/SearchTable';
import { settingsApi, settingsKeys } from './settings-api';
import { UserPicker } from './UserPicker';

type Filters = Pick<AuditListQuery, 'userId' | 'keyword' | 'result' | 'from' | 'to'> & { range?: [Dayjs, Dayjs] };

/** The form's date range as the query's from / to (whole days in the reader's time zone). */
const fromForm = ({ range, ...rest }: Partial<Filters>): Partial<Filters> =>
  range ? { ...rest, from: range[0].startOf('day').toISOString(), to: range[1].endOf('day').toISOString() } : rest;

/** /setModule/systemLog: the request audit log: who did what, when, from where, with what result. */
export function SystemLogScreen() {
  const { t } = useTranslation();
  const columns = useMemo<TableColumnsType<AuditRow>>(
    () => [
      {
        key: 'at',
        dataIndex: 'at',
        title: t('systemLog.at'),
        width: 160,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
      },
      {
        key: 'user',
        dataIndex: 'username',
        title: t('systemLog.user'),
        width: 110,
        render: (v: string | null) => v ?? t('common.empty'),
      },
      {
        key: 'action',
        title: t('systemLog.action'),
        ellipsis: { showTitle: false },
        render: (_, r) => (
          <Tooltip title={`${r.method} ${r.path}`}>
            <div>{r.summary ?? r.path}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.method} {r.path}
            </Typography.Text>
          </Tooltip>
        ),
      },
      {
        key: 'result',
        title: t('systemLog.result'),
        width: 130,
        render: (_, r) =>
          r.statusCode < 400 ? (
            <Tag color="success">{t('systemLog.success')}</Tag>
          ) : (
            <Tooltip title={t('systemLog.resultDetail', { status: r.statusCode, code: r.resultCode ?? '-' })}>
              <Tag color="error">
                {r.statusCode} · {r.resultCode ?? '-'}
              </Tag>
            </Tooltip>
          ),
      },
      {
        key: 'duration',
        dataIndex: 'durationMs',
        title: t('systemLog.duration'),
        width: 90,
        align: 'right',
        responsive: ['md'],
        render: (v: number | null) => (v === null ? t('common.empty') : `${v} ms`),
      },
      {
        key: 'ip',
        dataIndex: 'ip',
        title: t('systemLog.ip'),
        width: 130,
        responsive: ['lg'],
        render: (v: string | null, r) => (
          <Tooltip title={r.userAgent}>
            <span>{v ?? t('common.empty')}</span>
          </Tooltip>
        ),
      },
    ],
    [t],
  );

  return (
    <SearchTable<AuditRow, Filters>
      queryKey={settingsKeys.log}
      fetcher={(query, signal) => {
        const { range: _range, ...q } = query;
        return settingsApi.logPage(q, signal);
      }}
      fromForm={fromForm}
      columns={columns}
      rowKey="id"
      size="small"
      scrollX={900}
      title={t('systemLog.defaultWindow')}
      exportPath="/v2/sys/staff/log/export"
      filters={
        <>
          <Form.Item name="userId" label={t('systemLog.user')}>
            <UserPicker style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('systemLog.range')}
            rules={[
              {
                validator: async (_r, v?: [Dayjs, Dayjs]) => {
                  if (v && v[1].diff(v[0], 'day') >= AUDIT_MAX_DAYS) {
                    throw new Error(t('systemLog.rangeTooWide', { days: AUDIT_MAX_DAYS }));
                  }
                },
              },
            ]}
          >
            <DatePicker.RangePicker
              allowClear
              placeholder={[t('systemLog.last7'), t('systemLog.now')]}
              disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              style={{ width: 250 }}
            />
          </Form.Item>
          <Form.Item
            name="keyword"
            label={t('systemLog.keyword')}
            rules={[zodRule(auditListQuery.shape.keyword, t('systemLog.keyword'))]}
          >
            <Input allowClear placeholder={t('systemLog.keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="result" label={t('systemLog.result')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 110 }}
              options={AUDIT_RESULTS.map((r) => ({ value: r, label: t(`systemLog.${r}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
