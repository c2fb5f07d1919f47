import { PlusOutlined } from '@ant-design/icons';
import { type AccountApply, accountResource, FinPerm } from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/access';
import { resourceApi } from '../../platform/resource/api';
import { fieldColumn } from '../../platform/resource/columns';
import { resourceKeys } from '../../platform/resource/keys';
import { useFieldDescs, useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { OpenAccountFields } from './AccountFields';
import { financeApi } from './api';
import { T } from './texts';

/**
 * A customer's consumer accounts (the CRM customer page's "accounts" tab): the list, within the
 * caller's data scope, and the application to open one.
 */
export function CustomerAccounts({ customerId }: { customerId: number }) {
  const label = useLabel();
  const descs = useFieldDescs(accountResource);
  const canList = useCan(FinPerm.ACCOUNTS);
  const canOpen = useCan(FinPerm.ACCOUNT_OPEN);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: [...resourceKeys.all(accountResource.key), 'customer', customerId],
    queryFn: ({ signal }) => resourceApi(accountResource).page({ customerId, size: 50 }, signal),
    enabled: canList,
  });
  const columns = accountResource.list.columns
    .filter((k) => k !== 'customerCode' && k !== 'customerName' && descs[k])
    .map((k) => fieldColumn(k, descs[k]!, { sortable: false }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canOpen && (
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="customer-account-open">
          {label(T.openAccount)}
        </Button>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: label(T.noAccounts) }}
        scroll={{ x: 'max-content' }}
        data-testid="customer-accounts"
      />
      <FormModal<Omit<AccountApply, 'customerId'>>
        open={open}
        title={label(T.openAccount)}
        onClose={() => setOpen(false)}
        onSubmit={(v) => financeApi.openAccount({ ...v, customerId })}
        successMessage={label(T.opened)}
        invalidate={resourceKeys.all(accountResource.key)}
        initialValues={{
          products: ['sms'],
          currency: 'USD',
          billing: 'prepaid',
          creditLine: '0',
          billCycle: 'monthly',
        }}
        width={560}
      >
        <OpenAccountFields />
      </FormModal>
    </Space>
  );
}
