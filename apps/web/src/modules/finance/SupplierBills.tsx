import {
  reconConfigResource,
  SUPPLIER_BILL_IMPORT,
  type SupplierBillLineRow,
  type SupplierBillPay,
  SupplierBillPerm,
  type SupplierProduct,
  soaResource,
  supplierBillDifferencePath,
  supplierBillLineResource,
  supplierBillPay,
  supplierBillPayPath,
  supplierBillResource,
  supplierPerm,
} from '@portal/contracts/finance';
import type { ResourceDef } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { toast } from '../../platform/feedback';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { ImportModal } from '../../platform/import/ImportButton';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { BillMailModal } from './BillMailModal';
import { ReasonApplyModal } from './ReasonApplyModal';
import { T } from './texts';

const p = supplierBillPay.shape;
/** the form's amount is in the currency's major units; the API takes minor units */
type PayForm = Omit<SupplierBillPay, 'amount'> & { amount: number };
interface PayTarget {
  id: number;
  code: string;
  currency: string;
  /** what the bill still owes, minor units */
  open: number;
}

/** A bill's own lines: no bill filter. */
const linesDef: ResourceDef = (() => {
  const { billId: _bill, ...filters } = supplierBillLineResource.list.filters;
  return { ...supplierBillLineResource, list: { ...supplierBillLineResource.list, filters } };
})();

/**
 * `postpaid-supplier/bill-check` (decision 0107): supplier bills, each with its lines beside our cost
 * from traffic and the differences beyond the `recon-config` tolerance; a draft or checked bill's
 * lines are uploaded from XLSX (preview of good and bad rows, then saved and compared at once).
 */
export function SupplierBillsScreen() {
  const label = useLabel();
  const qc = useQueryClient();
  const [uploading, setUploading] = useState<{ id: number; code: string } | null>(null);
  const [paying, setPaying] = useState<PayTarget | null>(null);
  const [differing, setDiffering] = useState<{ id: number; code: string } | null>(null);
  const [mailing, setMailing] = useState<{ id: number; code: string } | null>(null);
  return (
    <>
      <ResourceList
        def={supplierBillResource}
        overrides={{
          tabs: {
            lines: (row) => (
              <div data-testid="bill-lines">
                <ResourceList def={linesDef} fixed={{ billId: row.id }} />
              </div>
            ),
          },
          rowActions: (row) =>
            row.state === 'draft' || row.state === 'checked'
              ? [
                  {
                    key: 'upload',
                    label: label(T.billUpload),
                    perm: SupplierBillPerm.CHECK,
                    testId: 'bill-upload',
                    onClick: () => setUploading({ id: row.id as number, code: String(row.code) }),
                  },
                  {
                    key: 'fromMail',
                    label: label(T.billFromMail),
                    perm: SupplierBillPerm.CHECK,
                    testId: 'bill-from-mail',
                    onClick: () => setMailing({ id: row.id as number, code: String(row.code) }),
                  },
                ]
              : row.state === 'confirmed'
                ? [
                    ...(row.payState !== 'paid'
                      ? [
                          {
                            key: 'pay',
                            label: label(T.billPay),
                            // paying is a supplier payment: the product's supplier-account `:apply` key
                            perm: supplierPerm(row.product as SupplierProduct).APPLY,
                            testId: 'bill-pay',
                            onClick: () =>
                              setPaying({
                                id: row.id as number,
                                code: String(row.code),
                                currency: String(row.currency),
                                open: Number(row.theirAmount) - Number(row.paid),
                              }),
                          },
                        ]
                      : []),
                    // the agreed difference onto the supplier account, once, by approval (decision 0125)
                    ...(Number(row.difference) !== 0
                      ? [
                          {
                            key: 'difference',
                            label: label(T.billDifference),
                            perm: supplierPerm(row.product as SupplierProduct).APPLY,
                            testId: 'bill-difference',
                            onClick: () => setDiffering({ id: row.id as number, code: String(row.code) }),
                          },
                        ]
                      : []),
                  ]
                : [],
        }}
      />
      <ImportModal<SupplierBillLineRow, { flagged: number; lines: number }>
        open={!!uploading}
        onClose={() => setUploading(null)}
        title={`${label(T.billUpload)} ${uploading?.code ?? ''}`}
        paths={{
          template: SUPPLIER_BILL_IMPORT.template,
          preview: SUPPLIER_BILL_IMPORT.preview,
          commit: SUPPLIER_BILL_IMPORT.commit(uploading?.id ?? 0),
        }}
        templateName="supplier-bill-lines.xlsx"
        accept=".xlsx,.csv"
        rowKey="line"
        columns={[
          { key: 'day', dataIndex: 'day', title: label(supplierBillLineResource.fields.day.label) },
          { key: 'country', dataIndex: 'country', title: label(supplierBillLineResource.fields.country.label) },
          { key: 'count', dataIndex: 'count', title: label(supplierBillLineResource.fields.theirCount.label) },
          { key: 'amount', dataIndex: 'amount', title: label(supplierBillLineResource.fields.theirAmount.label) },
        ]}
        onDone={async (r) => {
          toast().success(`${label(T.billChecked)}: ${r.lines} / ${r.flagged}`);
          await qc.invalidateQueries({ queryKey: resourceKeys.all(supplierBillResource.key) });
          await qc.invalidateQueries({ queryKey: resourceKeys.all(supplierBillLineResource.key) });
        }}
      />
      <BillMailModal bill={mailing} onClose={() => setMailing(null)} />
      <ReasonApplyModal
        target={differing}
        title={T.billDifference}
        hint={T.billDifferenceHint}
        testId="bill-difference-reason"
        apply={(id, reason) => post(supplierBillDifferencePath(id), { reason }, { checkRepeat: true })}
        onClose={() => setDiffering(null)}
      />
      <FormModal<PayForm>
        open={!!paying}
        title={`${label(T.billPay)} ${paying?.code ?? ''}`}
        onClose={() => setPaying(null)}
        onSubmit={(v) =>
          post(supplierBillPayPath(paying!.id), { ...v, amount: Math.round(v.amount * 100) }, { checkRepeat: true })
        }
        successMessage={label(T.applied)}
        invalidate={resourceKeys.all(supplierBillResource.key)}
        initialValues={{ amount: (paying?.open ?? 0) / 100 }}
        width={520}
      >
        <Alert type="info" showIcon message={label(T.billPayHint)} style={{ marginBottom: 12 }} />
        <Form.Item
          name="amount"
          label={`${label(T.billPayAmount)} ${paying?.currency ?? ''}`}
          rules={[{ required: true }]}
        >
          <InputNumber
            style={{ width: '100%' }}
            precision={2}
            min={0.01}
            max={(paying?.open ?? 0) / 100}
            data-testid="bill-pay-amount"
          />
        </Form.Item>
        <Form.Item name="reference" label={label(T.reference)} rules={[zodRule(p.reference, label(T.reference))]}>
          <Input data-testid="bill-pay-reference" />
        </Form.Item>
        <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(p.reason, label(T.reason))]}>
          <Input.TextArea rows={3} data-testid="bill-pay-reason" />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** `postpaid-supplier/soa-manage`: statements of account (our side from the entries, theirs entered). */
export const SoaScreen = () => <ResourceList def={soaResource} />;
/** `/setModule/financial/recon-config`: the tolerance of a bill line per supplier product. */
export const ReconConfigScreen = () => <ResourceList def={reconConfigResource} />;
