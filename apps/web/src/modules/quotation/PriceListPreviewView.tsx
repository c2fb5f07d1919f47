import type { PreviewRow } from '@portal/contracts/quotation';
import { Checkbox, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import type { ListPreview } from './api';

const time = (s: string | null) => formatTime(s, '—');
const COLOR = { new: 'blue', increase: 'red', decrease: 'green', same: 'default' } as const;

/**
 * The preview of a supplier price list (the import modal, the AI vendor quote): counts by change, the
 * rows, the invalid rows with reasons, and whether to close the destinations the list leaves out.
 */
export function PriceListPreviewView(props: {
  preview: ListPreview;
  closeRemoved: boolean;
  onCloseRemoved: (v: boolean) => void;
  /** what an invalid row's number counts: the sheet's line */
  rowTitle?: string;
}) {
  const { t } = useTranslation();
  const { preview } = props;
  return (
    <>
      <Space size="large" wrap data-testid="qm-import-counts">
        {(['new', 'increase', 'decrease', 'same', 'removed', 'invalid'] as const).map((k) => (
          <Statistic key={k} title={t(`qm.change.${k}`)} value={preview.counts[k]} />
        ))}
      </Space>
      <Table<PreviewRow>
        size="small"
        rowKey={(r) => `${r.row}-${r.dest}`}
        dataSource={preview.rows}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 720 }}
        data-testid="qm-preview-rows"
        columns={[
          { title: t('qm.dest'), dataIndex: 'dest' },
          { title: t('qm.destName'), dataIndex: 'label' },
          { title: t('qm.before'), dataIndex: 'before', align: 'right' },
          { title: t('qm.unitPrice'), dataIndex: 'unitPrice', align: 'right' },
          { title: t('qm.currency'), dataIndex: 'currency' },
          { title: t('qm.effectiveFrom'), dataIndex: 'effectiveFrom', render: time },
          {
            title: '',
            dataIndex: 'change',
            render: (v: PreviewRow['change']) => <Tag color={COLOR[v]}>{t(`qm.change.${v}`)}</Tag>,
          },
        ]}
      />
      {preview.errors.length > 0 && (
        <Table
          size="small"
          rowKey={(e) => `${e.row}-${e.field}`}
          dataSource={preview.errors}
          pagination={false}
          data-testid="qm-preview-errors"
          columns={[
            { title: props.rowTitle ?? '#', dataIndex: 'row', width: 80 },
            { title: t('qm.dest'), dataIndex: 'field', width: 120 },
            { title: t('qm.change.invalid'), dataIndex: 'message' },
          ]}
        />
      )}
      {preview.removed.length > 0 && (
        <Checkbox checked={props.closeRemoved} onChange={(e) => props.onCloseRemoved(e.target.checked)}>
          {t('qm.closeRemoved')} ({preview.removed.map((r) => r.dest).join(', ')})
        </Checkbox>
      )}
    </>
  );
}
