import { UploadOutlined } from '@ant-design/icons';
import type { UploadedQuote, UploadedQuoteRow } from '@portal/contracts/quotation';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { qmApi } from './api';

const day = (s: string) => s.slice(0, 10);

/**
 * `send/upload-file` (decision 0108): the price list the quote carries, uploaded (XLSX or CSV in
 * the import's columns) and read by the server's import parsers; the good rows and the bad ones
 * with their reasons. A form field: its value is what the server read.
 */
export function UploadedQuoteField(props: {
  product: 'sms' | 'voice';
  value?: UploadedQuote;
  onChange?: (v: UploadedQuote | undefined) => void;
}) {
  const { t } = useTranslation();
  const { product, value } = props;
  const voice = product === 'voice';
  const read = useMutation({
    mutationFn: (file: File) => qmApi.readQuoteFile(product, file),
    onSuccess: (r) => props.onChange?.(r),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            read.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={read.isPending} data-testid="send-upload">
            {t('qm.upload.pick')}
          </Button>
        </Upload>
        {value && (
          <span data-testid="send-upload-counts">
            <Tag color="green">{t('qm.upload.good', { count: value.rows.length })}</Tag>
            <Tag color={value.errors.length ? 'red' : 'default'}>
              {t('qm.upload.bad', { count: new Set(value.errors.map((e) => e.row)).size })}
            </Tag>
          </span>
        )}
      </Space>
      <Typography.Text type="secondary">{t(`qm.upload.hint.${product}`)}</Typography.Text>
      {value && (
        <Tabs
          size="small"
          items={[
            {
              key: 'good',
              label: `${t('qm.upload.goodRows')} (${value.rows.length})`,
              children: (
                <Table<UploadedQuoteRow>
                  size="small"
                  rowKey="dest"
                  dataSource={value.rows}
                  scroll={{ x: 'max-content' }}
                  pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                  columns={[
                    { title: t('qm.upload.row'), dataIndex: 'row', width: 60 },
                    { title: voice ? t('qm.prefix') : t('qm.network'), dataIndex: 'dest', width: 110 },
                    { title: t('qm.destName'), dataIndex: 'label', width: 180 },
                    { title: t('qm.country'), dataIndex: 'country', width: 70, render: (v) => v ?? '—' },
                    {
                      title: voice ? t('qm.unitPriceVoice') : t('qm.unitPrice'),
                      dataIndex: 'unitPrice',
                      align: 'right',
                      width: 110,
                    },
                    ...(voice
                      ? [
                          {
                            title: t('qm.increments'),
                            key: 'inc',
                            width: 90,
                            render: (_: unknown, r: UploadedQuoteRow) => `${r.firstIncrement}/${r.nextIncrement}`,
                          },
                        ]
                      : []),
                    { title: t('qm.currency'), dataIndex: 'currency', width: 70 },
                    { title: t('qm.effectiveFrom'), dataIndex: 'effectiveFrom', width: 110, render: day },
                  ]}
                />
              ),
            },
            {
              key: 'bad',
              label: `${t('qm.upload.badRows')} (${value.errors.length})`,
              children: (
                <Table
                  size="small"
                  rowKey={(e) => `${e.row}-${e.field}-${e.code}`}
                  dataSource={value.errors}
                  data-testid="send-upload-errors"
                  pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                  columns={[
                    { title: t('qm.upload.row'), dataIndex: 'row', width: 60 },
                    { title: t('qm.upload.column'), dataIndex: 'field', width: 120 },
                    { title: t('qm.upload.reason'), dataIndex: 'message' },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}
