import { Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { useRowCall } from '../../platform/ui/RowActions';
import type { ListColumn } from '../../platform/ui/SearchTable';
import { approvalKeys } from './api';

/** The search-form items the approval settings lists share. */
export function KeywordFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="keyword" label={t('approval.keyword')}>
      <Input allowClear maxLength={64} style={{ width: 180 }} />
    </Form.Item>
  );
}

export function EnabledFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('approval.cfg.enabled')}>
      <Select
        allowClear
        placeholder={t('common.all')}
        style={{ width: 110 }}
        options={[
          { value: true, label: t('approval.cfg.on') },
          { value: false, label: t('approval.cfg.off') },
        ]}
      />
    </Form.Item>
  );
}

/** "Updated at" of a settings row, to the minute. */
export const updatedAtColumn = <Row,>(t: TFunction): ListColumn<Row> => ({
  key: 'updatedAt',
  dataIndex: 'updatedAt',
  title: t('approval.cfg.updatedAt'),
  kind: 'datetime',
  render: (v: string) => formatTime(v),
});

/**
 * A settings call (delete, enable / disable) from a list row: on success an optional toast, then
 * every approval query refetches. Failures take the http client's one error path.
 */
export const useSettingsCall = <A,>(call: (arg: A) => Promise<unknown>, done?: (arg: A) => string) =>
  useRowCall(call, [approvalKeys.root], done);
