import type { OperationLogPage, OperationLogRow } from '@portal/contracts/traffic';
import { Alert, Flex, Form, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchTable } from '../../platform/ui/SearchTable';
import { trafficApi, trafficKeys } from './api';
import { lastDays, type RangeFilters, RangeItem, time, useAnsweredSearch } from './shared';

type Filters = RangeFilters & { accountId?: number; kind?: string };

/** the field changes of one line: "label: before → after"; a request line's outcome (decision 0151) */
function Changes({ row }: { row: OperationLogRow }) {
  const { t } = useTranslation();
  const req = row.request;
  if (req)
    return (
      <Flex vertical gap={0} data-testid="oplog-request">
        <span>
          <Tag color={req.ok ? 'success' : 'error'}>
            {t(req.ok ? 'traffic.oplog.succeeded' : 'traffic.oplog.failed')}
          </Tag>
          {req.message && <Typography.Text type="danger">{req.message}</Typography.Text>}
        </span>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {req.method} {req.path}
        </Typography.Text>
      </Flex>
    );
  if (!row.changes.length && !row.body) return <>-</>;
  return (
    <Flex vertical gap={0} data-testid="oplog-changes">
      {row.changes.map((c) => (
        <Typography.Text key={c.field} style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text type="secondary">{c.label}：</Typography.Text>
          {c.from} → {c.to}
        </Typography.Text>
      ))}
      {row.body && <Typography.Text type="secondary">{row.body}</Typography.Text>}
    </Flex>
  );
}

/**
 * /businessInquiry/operationLog?accountId= (操作日志, decision 0145): one consumer account's changes and those
 * of the records hanging on it, newest first, in a required range, filtered by kind, exported as shown.
 */
export function OperationLogScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const accountId = Number(params.get('accountId')) || undefined;
  const { answer, search } = useAnsweredSearch<OperationLogPage>(
    (q, signal) => trafficApi.operationLog({ ...q, accountId }, signal),
    lastDays(30),
  );
  const columns = useMemo<TableColumnsType<OperationLogRow>>(
    () => [
      // who did it sits under when: on a phone the changes stay in view
      {
        key: 'at',
        title: `${t('traffic.oplog.at')} / ${t('traffic.oplog.actor')}`,
        width: 150,
        render: (_, r) => (
          <Flex vertical gap={0}>
            <span>{time(r.at)}</span>
            <Typography.Text type="secondary">{r.actorName ?? t('history.system')}</Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'kind',
        title: t('traffic.oplog.kind'),
        width: 150,
        responsive: ['sm'],
        render: (_, r) => (
          <span data-testid={`oplog-kind-${r.kind}`}>
            {r.kindLabel}
            {r.request && ` · ${r.request.subjectLabel}`}{' '}
            <Typography.Text type="secondary">#{r.recordId}</Typography.Text>
          </span>
        ),
      },
      {
        key: 'action',
        title: t('traffic.oplog.action'),
        width: 130,
        responsive: ['md'],
        render: (_, r) => <Tag>{r.command ?? t(`history.kind.${r.action}` as 'history.kind.updated')}</Tag>,
      },
      { key: 'changes', title: t('traffic.oplog.changes'), width: 300, render: (_, r) => <Changes row={r} /> },
    ],
    [t],
  );
  if (!accountId) return <Alert type="info" showIcon message={t('traffic.oplog.noAccount')} />;
  return (
    <SearchTable<OperationLogRow, Filters>
      queryKey={trafficKeys.operationLog(accountId)}
      fetcher={search.fetcher}
      initialFilters={search.initialFilters}
      // the account travels with every page and the export
      fromForm={(v) => ({ ...search.fromForm(v), accountId })}
      columns={columns}
      // history and request lines number apart
      rowKey={(r) => `${r.request ? 'a' : 'e'}${r.id}`}
      size="small"
      exportPath="/v2/traffic/operation-log/export"
      title={
        <Flex vertical gap={0}>
          <Typography.Text strong data-testid="oplog-account">
            {answer ? t('traffic.oplog.account', { code: answer.account.code }) : ' '}
          </Typography.Text>
          <Typography.Text type="secondary">{t('traffic.oplog.note')}</Typography.Text>
        </Flex>
      }
      filters={
        <>
          <RangeItem />
          <Form.Item name="kind" label={t('traffic.oplog.kind')}>
            <Select
              allowClear
              placeholder={t('traffic.oplog.all')}
              style={{ width: 180 }}
              options={answer?.kinds ?? []}
              data-testid="oplog-kind"
            />
          </Form.Item>
        </>
      }
    />
  );
}
