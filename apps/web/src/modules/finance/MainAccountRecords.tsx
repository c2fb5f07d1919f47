import { PlusOutlined } from '@ant-design/icons';
import {
  type AllocationApply,
  accountResource,
  allocationApply,
  FinPerm,
  finApplicationResource,
  mainAccountEntryResource,
} from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { financeApi } from './api';
import { T } from './texts';

const f = allocationApply.shape;

/** The open sub-accounts the caller sees, each with its main account and what that holds. */
function SubAccountSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const q = useQuery({
    queryKey: [...resourceKeys.all(accountResource.key), 'sub-accounts'],
    queryFn: ({ signal }) => resourceApi(accountResource).page({ state: 'active', size: 200 }, signal),
  });
  const records = q.data?.records ?? [];
  const byId = new Map(records.map((r) => [r.id, r]));
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={records
        .filter((r) => r.mainAccountId != null)
        .map((r) => {
          const main = byId.get(r.mainAccountId as number);
          return {
            value: r.id,
            label: `${r.code} ${r.customerName ?? ''} ← ${r.mainAccountCode ?? ''}${main ? ` (${main.currency} ${main.balance})` : ''}`,
          };
        })}
      data-testid="allocation-account"
      {...props}
    />
  );
}

/**
 * `recharge-record/main-account` (decision 0134): the money put on main accounts and the allocations
 * out of them, with the sub-account; finance applies for an allocation from here.
 */
export function MainAccountRecordsScreen() {
  const label = useLabel();
  const canAllocate = useCan(FinPerm.ALLOCATE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceList
        def={mainAccountEntryResource}
        overrides={{
          toolbar: canAllocate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="allocation-apply">
              {label(T.allocate)}
            </Button>
          ) : undefined,
        }}
      />
      <FormModal<AllocationApply>
        open={open}
        title={label(T.allocate)}
        onClose={() => setOpen(false)}
        onSubmit={(v) => financeApi.applyAllocation(v)}
        successMessage={label(T.applied)}
        invalidate={resourceKeys.all(finApplicationResource.key)}
        width={560}
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={label(T.allocateHint)} />
        <Form.Item name="accountId" label={label(T.subAccount)} rules={[zodRule(f.accountId, label(T.subAccount))]}>
          <SubAccountSelect />
        </Form.Item>
        <Form.Item name="amount" label={label(T.amount)} rules={[zodRule(f.amount, label(T.amount))]}>
          <Input inputMode="decimal" data-testid="allocation-amount" />
        </Form.Item>
        <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(f.reason, label(T.reason))]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="allocation-reason" />
        </Form.Item>
      </FormModal>
    </>
  );
}
