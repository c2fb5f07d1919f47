import {
  SUPPLIER_BILL_IMPORT,
  type SupplierBillMail,
  supplierBillLineResource,
  supplierBillResource,
} from '@portal/contracts/finance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Select } from 'antd';
import { get, post } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { T } from './texts';

/**
 * A bill's lines read from one of the caller's mails (decision 0126): the mails with an XLSX, newest
 * first; the server reads the attachment with the upload's import and refuses a bad row as a whole.
 */
export function BillMailModal({ bill, onClose }: { bill: { id: number; code: string } | null; onClose: () => void }) {
  const label = useLabel();
  const qc = useQueryClient();
  const mails = useQuery({
    queryKey: ['finance', 'bill-mails'],
    queryFn: ({ signal }) => get<SupplierBillMail[]>(SUPPLIER_BILL_IMPORT.mails, undefined, { signal }),
    enabled: !!bill,
  });
  return (
    <FormModal<{ mailId: number }>
      open={!!bill}
      title={`${label(T.billFromMail)} ${bill?.code ?? ''}`}
      onClose={onClose}
      onSubmit={async (v) => {
        const r = await post(SUPPLIER_BILL_IMPORT.fromMail(bill!.id), v, { checkRepeat: true });
        await qc.invalidateQueries({ queryKey: resourceKeys.all(supplierBillLineResource.key) });
        return r;
      }}
      successMessage={label(T.billMailRead)}
      invalidate={resourceKeys.all(supplierBillResource.key)}
      width={640}
    >
      <Alert type="info" showIcon message={label(T.billMailHint)} style={{ marginBottom: 12 }} />
      <Form.Item name="mailId" label={label(T.billMail)} rules={[{ required: true }]}>
        <Select
          data-testid="bill-mail-select"
          loading={mails.isLoading}
          notFoundContent={label(T.billNoMails)}
          options={(mails.data ?? []).map((m) => ({
            value: m.mailId,
            label: `${m.subject || '—'} · ${m.fileName} · ${m.from} · ${m.at.slice(0, 10)}`,
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}
