import {
  reconConfigResource,
  SUPPLIER_BILL_IMPORT,
  type SupplierBillLineRow,
  SupplierBillPerm,
  soaResource,
  supplierBillLineResource,
  supplierBillResource,
} from '@portal/contracts/finance';
import type { ResourceDef } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../platform/feedback';
import { ImportModal } from '../../platform/import/ImportButton';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { T } from './texts';

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
    </>
  );
}

/** `postpaid-supplier/soa-manage`: statements of account (our side from the entries, theirs entered). */
export const SoaScreen = () => <ResourceList def={soaResource} />;
/** `/setModule/financial/recon-config`: the tolerance of a bill line per supplier product. */
export const ReconConfigScreen = () => <ResourceList def={reconConfigResource} />;
