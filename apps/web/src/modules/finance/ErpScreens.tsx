import {
  ERP_SETTINGS_API,
  type ErpDocType,
  ErpMappingPerm,
  type ErpSettingsView,
  erpDocApi,
  erpDocPerm,
  erpDocumentResource,
  erpMappingResource,
  erpMaterialResource,
} from '@portal/contracts/finance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Space, Switch, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import { download } from '../../platform/download';
import { get, post, put } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { T } from './texts';

type Period = [Dayjs, Dayjs];
const ymd = (d: Dayjs) => d.format('YYYY-MM-DD');

/** A period dialog: produce drafts, or export to Kingdee (decision 0118). */
function PeriodAction({ type, action }: { type: ErpDocType; action: 'produce' | 'export' }) {
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ period: Period }>();
  const def = erpDocumentResource(type);
  const text = action === 'produce' ? T.erp.produce : T.erp.export;
  const initial: Period =
    action === 'produce' ? [dayjs().subtract(7, 'day'), dayjs()] : [dayjs().subtract(30, 'day'), dayjs()];
  const run = async () => {
    const { period } = await form.validateFields();
    const body = { from: ymd(period[0]), to: ymd(period[1]) };
    setBusy(true);
    try {
      if (action === 'produce') {
        const res = await post<{ created: number }>(`${erpDocApi(type)}/produce`, body, { checkRepeat: true });
        message.success(label(T.erp.produced).replace('{n}', String(res.created)));
      } else if (!(await download(`${erpDocApi(type)}/kingdee-export`, { body }))) return;
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type={action === 'produce' ? 'primary' : 'default'}
        onClick={() => setOpen(true)}
        data-testid={`erp-${action}`}
      >
        {label(text)}
      </Button>
      <Modal
        open={open}
        title={label(text)}
        onCancel={() => setOpen(false)}
        onOk={run}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>{label(action === 'produce' ? T.erp.produceHint : T.erp.exportHint)}</p>
        <Form form={form} layout="vertical" initialValues={{ period: initial }} preserve={false}>
          <Form.Item name="period" label={label(T.erp.period)} rules={[{ required: true }]}>
            <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} data-testid="erp-period" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** `financial-erp/document-management/<type>`: the documents, produce and export for who holds the key. */
function DocumentScreen({ type }: { type: ErpDocType }) {
  const can = useCan(erpDocPerm(type).EDIT);
  return (
    <ResourceList
      def={erpDocumentResource(type)}
      overrides={{
        toolbar: can && (
          <Space>
            <PeriodAction type={type} action="produce" />
            <PeriodAction type={type} action="export" />
          </Space>
        ),
      }}
    />
  );
}

export const ReceiptScreen = () => <DocumentScreen type="receipt" />;
export const RefundReceiptScreen = () => <DocumentScreen type="refund-receipt" />;
export const PaymentSlipScreen = () => <DocumentScreen type="payment-slip" />;
export const PaymentRefundSlipScreen = () => <DocumentScreen type="payment-refund-slip" />;
export const PurchaseReceiptScreen = () => <DocumentScreen type="purchase-receipt" />;
export const SalesDeliveryScreen = () => <DocumentScreen type="sales-delivery-order" />;
/** The daily production's switch (decision 0127), on the mapping screen: Kingdee's settings live here. */
function DailySwitch() {
  const label = useLabel();
  const queryClient = useQueryClient();
  const canEdit = useCan(ErpMappingPerm.EDIT);
  const { data } = useQuery({
    queryKey: ['finance.erpSettings'],
    queryFn: () => get<ErpSettingsView>(ERP_SETTINGS_API),
  });
  const [busy, setBusy] = useState(false);
  const flip = async (dailyProduce: boolean) => {
    setBusy(true);
    try {
      queryClient.setQueryData(['finance.erpSettings'], await put<ErpSettingsView>(ERP_SETTINGS_API, { dailyProduce }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label(T.erp.dailyHint)}>
      <Space size={6}>
        <Switch
          size="small"
          checked={data?.dailyProduce ?? false}
          loading={!data || busy}
          disabled={!canEdit}
          onChange={flip}
          data-testid="erp-daily"
        />
        <span>{label(T.erp.daily)}</span>
      </Space>
    </Tooltip>
  );
}

/** `kingdeeSet/relationMapping`: our codes → Kingdee's, and the daily production's switch. */
export const ErpMappingScreen = () => (
  <ResourceList def={erpMappingResource} overrides={{ toolbar: <DailySwitch /> }} />
);
/** `financial-erp/basic-data-material/material`: the material list. */
export const ErpMaterialScreen = () => <ResourceList def={erpMaterialResource} />;
