import type { PageResult } from '@portal/contracts';
import {
  ErpMappingPerm,
  type ErpPartyKind,
  type ErpPartyRow,
  erpMappingResource,
  erpPartyApi,
} from '@portal/contracts/finance';
import { resourcePath } from '@portal/contracts/resource';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import { get, post } from '../../platform/http';
import { useLabel } from '../../platform/resource/labels';
import { T } from './texts';

type Filters = { keyword?: string; mapped?: 'yes' | 'no' };

/** Maps one record's code to a Kingdee code (a `relationMapping` row made from the list). */
function MapModal({ kind, row, onClose }: { kind: ErpPartyKind; row: ErpPartyRow; onClose(done: boolean): void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ kingdeeCode: string; kingdeeName?: string }>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await post(resourcePath(erpMappingResource, 'save'), { kind, ourCode: row.code, ...v }, { checkRepeat: true });
      message.success(label(T.erp.mapped));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${label(T.erp.map)} · ${row.code}`}
      onOk={save}
      onCancel={() => onClose(false)}
      confirmLoading={busy}
    >
      <Form form={form} layout="vertical" initialValues={{ kingdeeName: row.name }}>
        <Form.Item
          name="kingdeeCode"
          label={label(T.erp.kingdeeCode)}
          rules={[{ required: true }, { pattern: /^[A-Za-z0-9._-]{1,64}$/, message: label(T.erp.kingdeeCodeRule) }]}
        >
          <Input data-testid="erp-map-code" maxLength={64} />
        </Form.Item>
        <Form.Item name="kingdeeName" label={label(T.erp.kingdeeName)}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `financial-erp/basic-data-material/{customer, supplier}` (decision 0127): our customers / suppliers
 * in the caller's data scope (read through CRM's / SRM's ports) beside their Kingdee code; an
 * unmapped one is mapped from its row by who holds the mapping key.
 */
function PartyScreen({ kind }: { kind: ErpPartyKind }) {
  const label = useLabel();
  const queryClient = useQueryClient();
  const canMap = useCan(ErpMappingPerm.EDIT);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [mapping, setMapping] = useState<ErpPartyRow | null>(null);
  const query = { ...filters, ...paging };
  const key = ['finance.erpParty', kind, query];
  const { data, isFetching } = useQuery({
    queryKey: key,
    queryFn: () => get<PageResult<ErpPartyRow>>(erpPartyApi(kind), query),
    placeholderData: keepPreviousData,
  });
  const text = (zh: string, en: string) => label({ zh, en });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => {
            setFilters({ keyword: v.keyword?.trim() || undefined, mapped: v.mapped });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="keyword" label={text('编号/名称', 'Code or name')}>
            <Input allowClear data-testid="erp-party-keyword" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="mapped" label={label(T.erp.mapState)}>
            <Select
              allowClear
              style={{ width: 140 }}
              data-testid="erp-party-mapped"
              options={[
                { value: 'yes', label: label(T.erp.isMapped) },
                { value: 'no', label: label(T.erp.notMapped) },
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="erp-party-search">
              {text('查询', 'Search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            >
              {text('重置', 'Reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card size="small">
        <Table<ErpPartyRow>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data?.records ?? []}
          scroll={{ x: 900 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => text(`共 ${n} 条`, `${n} in all`),
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { key: 'code', dataIndex: 'code', title: text('编号', 'Code'), width: 140 },
            { key: 'name', dataIndex: 'name', title: text('名称', 'Name'), ellipsis: true },
            { key: 'country', dataIndex: 'country', title: text('国家/地区', 'Country'), width: 110 },
            {
              key: 'ownerName',
              dataIndex: 'ownerName',
              title: text('负责人', 'Owner'),
              width: 120,
              render: (v: string | null) => v ?? '-',
            },
            {
              key: 'kingdeeCode',
              dataIndex: 'kingdeeCode',
              title: label(T.erp.kingdeeCode),
              width: 160,
              render: (v: string | null) => v ?? <Tag>{label(T.erp.notMapped)}</Tag>,
            },
            { key: 'kingdeeName', dataIndex: 'kingdeeName', title: label(T.erp.kingdeeName), ellipsis: true },
            ...(canMap
              ? [
                  {
                    key: 'actions',
                    title: text('操作', 'Actions'),
                    width: 100,
                    fixed: 'right' as const,
                    render: (_: unknown, row: ErpPartyRow) =>
                      row.mappingId ? null : (
                        <Button size="small" type="link" onClick={() => setMapping(row)} data-testid="erp-party-map">
                          {label(T.erp.map)}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {mapping && (
        <MapModal
          kind={kind}
          row={mapping}
          onClose={(done) => {
            setMapping(null);
            if (done) void queryClient.invalidateQueries({ queryKey: ['finance.erpParty', kind] });
          }}
        />
      )}
    </Space>
  );
}

export const ErpCustomerScreen = () => <PartyScreen kind="customer" />;
export const ErpSupplierScreen = () => <PartyScreen kind="supplier" />;
