import type { PageResult } from '@portal/contracts';
import {
  ErpMappingPerm,
  type ErpPartyKind,
  type ErpPartyRow,
  erpMappingResource,
  erpPartyApi,
  erpPartyQuery,
} from '@portal/contracts/finance';
import { resourcePath } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { get, post } from '../../platform/http';
import { useLabel } from '../../platform/resource/labels';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
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
 * `financial-erp/basic-data-material/{customer, supplier}` (decisions 0127, 0140): our customers /
 * suppliers in the caller's data scope (read through CRM's / SRM's ports) beside their Kingdee code,
 * on the shared list (column chooser, export through the export service with the list's filters);
 * an unmapped one is mapped from its row by who holds the mapping key.
 */
function PartyScreen({ kind }: { kind: ErpPartyKind }) {
  const label = useLabel();
  const queryClient = useQueryClient();
  const canMap = useCan(ErpMappingPerm.EDIT);
  const [mapping, setMapping] = useState<ErpPartyRow | null>(null);
  const text = (zh: string, en: string) => label({ zh, en });
  const columns: ListColumn<ErpPartyRow>[] = [
    { key: 'code', dataIndex: 'code', title: text('编号', 'Code'), width: 140, fixed: 'left' },
    { key: 'name', dataIndex: 'name', title: text('名称', 'Name'), width: 220, ellipsis: true },
    { key: 'country', dataIndex: 'country', title: text('国家/地区', 'Country'), width: 110 },
    {
      key: 'ownerName',
      dataIndex: 'ownerName',
      title: text('负责人', 'Owner'),
      width: 120,
      secondary: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'kingdeeCode',
      dataIndex: 'kingdeeCode',
      title: label(T.erp.kingdeeCode),
      width: 160,
      render: (v: string | null) => v ?? <Tag>{label(T.erp.notMapped)}</Tag>,
    },
    {
      key: 'kingdeeName',
      dataIndex: 'kingdeeName',
      title: label(T.erp.kingdeeName),
      width: 200,
      ellipsis: true,
      secondary: true,
    },
    ...(canMap
      ? [
          {
            key: 'actions',
            title: text('操作', 'Actions'),
            width: 90,
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
  ];
  return (
    <div data-testid={`erp-party-${kind}`}>
      <SearchTable<ErpPartyRow, Filters>
        queryKey={['finance.erpParty', kind]}
        fetcher={(query, signal) => get<PageResult<ErpPartyRow>>(erpPartyApi(kind), query, { signal })}
        columns={columns}
        rowKey="id"
        size="small"
        exportPath={`${erpPartyApi(kind)}/export`}
        filters={
          <>
            <Form.Item
              name="keyword"
              label={text('编号/名称', 'Code or name')}
              rules={[zodRule(erpPartyQuery.shape.keyword, text('编号/名称', 'Code or name'))]}
            >
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
          </>
        }
      />
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
    </div>
  );
}

export const ErpCustomerScreen = () => <PartyScreen kind="customer" />;
export const ErpSupplierScreen = () => <PartyScreen kind="supplier" />;
