import { PlusOutlined } from '@ant-design/icons';
import { formatNumber } from '@portal/contracts';
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
type AccountRow = { id: number; code: string; customerName?: string | null; currency: string; balance: string };
type GroupRow = AccountRow & { mainAccountId?: number | null; subAccounts?: number | null };

/** The open accounts the caller sees that belong to a group (a main account and its sub-accounts). */
function useGroupAccounts() {
  const q = useQuery({
    queryKey: [...resourceKeys.all(accountResource.key), 'groups'],
    queryFn: ({ signal }) => resourceApi(accountResource).page({ state: 'active', size: 200 }, signal),
  });
  const records = (q.data?.records ?? []) as unknown as GroupRow[];
  return { loading: q.isLoading, records: records.filter((r) => r.mainAccountId != null || (r.subAccounts ?? 0) > 0) };
}
const groupOf = (r: GroupRow) => (r.mainAccountId ?? r.id) as number;

function useOption() {
  const label = useLabel();
  return (r: GroupRow) => ({
    value: r.id,
    label: `${r.code} ${r.customerName ?? ''}${r.mainAccountId == null ? ` [${label(T.mainTag)}]` : ''} (${r.currency} ${formatNumber(r.balance)})`,
  });
}

/** Where the money comes from: any account of a group; empty, the destination's main account. Changing it clears the destination. */
function FromAccountSelect(props: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const label = useLabel();
  const form = Form.useFormInstance();
  const { loading, records } = useGroupAccounts();
  const option = useOption();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      placeholder={label(T.fromMain)}
      options={records.map(option)}
      data-testid="allocation-from"
      {...props}
      onChange={(v: number | undefined) => {
        props.onChange?.(v);
        form.setFieldValue('accountId', undefined);
      }}
    />
  );
}

/** Where the money goes: without a source, the sub-accounts (from their main account); else the source's group. */
function ToAccountSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const from = Form.useWatch('fromAccountId', Form.useFormInstance()) as number | undefined;
  const { loading, records } = useGroupAccounts();
  const option = useOption();
  const source = records.find((r) => r.id === from);
  const choices = source
    ? records.filter((r) => r.id !== source.id && groupOf(r) === groupOf(source))
    : records.filter((r) => r.mainAccountId != null);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={choices.map(option)}
      data-testid="allocation-account"
      {...props}
    />
  );
}

/**
 * `recharge-record/main-account` (decision 0134): the money put on main accounts and the allocations
 * inside their groups with their direction (decision 0141); finance applies for an allocation from here.
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
        <Form.Item name="fromAccountId" label={label(T.fromAccount)}>
          <FromAccountSelect />
        </Form.Item>
        <Form.Item name="accountId" label={label(T.subAccount)} rules={[zodRule(f.accountId, label(T.subAccount))]}>
          <ToAccountSelect />
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
