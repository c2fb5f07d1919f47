import {
  OWNER_CHANGE_KINDS,
  OWNER_CHANGE_LABELS,
  type OwnerChangeKind,
  type OwnershipDef,
} from '@portal/contracts/ownership/define';
import { Form, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../fields/UserSelect';
import { formatTime } from '../format-time';
import { resourceKeys } from '../resource/keys';
import { useLabel } from '../resource/labels';
import { type ListColumn, SearchTable } from '../ui/SearchTable';
import { type OwnerLogRow, ownershipApi } from './api';

const KIND_COLOR: Record<OwnerChangeKind, string> = {
  claim: 'green',
  distribute: 'blue',
  return: 'orange',
  transfer: 'purple',
};

/** The transfer list of an owned resource: every owner change within the caller's data scope. */
export function OwnerLogList({ o }: { o: OwnershipDef }) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useMemo(() => ownershipApi(o), [o]);
  const columns = useMemo<ListColumn<OwnerLogRow>[]>(() => {
    const empty = t('common.empty');
    const keep = { none: t('ownership.keepNone'), read: t('ownership.keepRead'), write: t('ownership.keepWrite') };
    return [
      {
        key: 'recordTitle',
        title: label(o.resource.title),
        kind: 'title',
        render: (_, r) => r.recordTitle ?? `#${r.recordId}`,
      },
      {
        key: 'kind',
        title: t('ownership.change'),
        kind: 'enum',
        render: (_, r) => <Tag color={KIND_COLOR[r.kind]}>{label(OWNER_CHANGE_LABELS[r.kind])}</Tag>,
      },
      { key: 'fromName', title: t('ownership.from'), kind: 'user', render: (_, r) => r.fromName ?? empty },
      { key: 'toName', title: t('ownership.to'), kind: 'user', render: (_, r) => r.toName ?? empty },
      {
        key: 'actorName',
        title: t('ownership.actor'),
        kind: 'user',
        render: (_, r) => r.actorName ?? t('history.system'),
      },
      { key: 'reason', title: t('ownership.reason'), kind: 'textarea', render: (_, r) => r.reason ?? empty },
      {
        key: 'related',
        title: t('ownership.related'),
        kind: 'tags',
        secondary: true,
        render: (_, r) =>
          r.related.length
            ? r.related.map((k) => <Tag key={k}>{o.related?.[k] ? label(o.related[k]) : k}</Tag>)
            : empty,
      },
      {
        key: 'keepAs',
        title: t('ownership.keepAs'),
        kind: 'enum',
        secondary: true,
        render: (_, r) => (r.keepAs ? keep[r.keepAs] : empty),
      },
      {
        key: 'at',
        title: t('ownership.at'),
        kind: 'datetime',
        render: (_, r) => formatTime(r.at),
      },
    ];
  }, [t, label, o]);
  return (
    <SearchTable<OwnerLogRow, { kind?: OwnerChangeKind; userId?: number }>
      queryKey={[...resourceKeys.all(o.resource.key), 'owner-log']}
      fetcher={(q, signal) => api.logPage(q, signal)}
      columns={columns}
      rowKey="id"
      prefKey={`${o.resource.key}.owner-log`}
      live={o.resource.key}
      filters={
        <>
          <Form.Item name="kind" label={t('ownership.change')}>
            <Select
              allowClear
              options={OWNER_CHANGE_KINDS.map((k) => ({ value: k, label: label(OWNER_CHANGE_LABELS[k]) }))}
            />
          </Form.Item>
          <Form.Item name="userId" label={t('ownership.person')}>
            <UserSelect allowClear />
          </Form.Item>
        </>
      }
    />
  );
}
