import {
  type BankAccountPageQuery,
  type BankAccountRow,
  type BankPageQuery,
  type BankRow,
  bankAccountSaveBody,
  bankSaveBody,
  RefPerm,
} from '@portal/contracts/reference';
import { Form, Input, type TableColumnsType, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { EnabledItem, enabledColumn, NameItems, nameColumn, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

const a = bankAccountSaveBody.shape;
const b = bankSaveBody.shape;

function AccountList() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<BankAccountRow> = [
    { key: 'entity', title: t('ref.entity'), render: (_, r) => (en ? r.entityNameEn : r.entityName) },
    { key: 'bank', title: t('ref.bank'), render: (_, r) => (en ? r.bankNameEn : r.bankName) },
    { key: 'swift', dataIndex: 'swift', title: 'SWIFT/BIC', width: 130 },
    { key: 'accountName', dataIndex: 'accountName', title: t('ref.accountName') },
    { key: 'accountNo', dataIndex: 'accountNo', title: t('ref.accountNo') },
    { key: 'currencyCode', dataIndex: 'currencyCode', title: t('ref.currency'), width: 90 },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<BankAccountRow, Pick<BankAccountPageQuery, 'keyword' | 'entityId' | 'currency'>>
      area="bank-account"
      perm={RefPerm.BANK}
      rowKey="id"
      testId="account"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword" label={t('ref.keyword')}>
            <Input allowClear placeholder={t('ref.accountKeyword')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="entityId" label={t('ref.entity')}>
            <RefSelect kind="entity" allowClear placeholder={t('common.all')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="currency" label={t('ref.currency')}>
            <RefSelect kind="currency" allowClear placeholder={t('common.all')} style={{ width: 160 }} />
          </Form.Item>
        </>
      }
      form={{
        initial: (r) => ({ ...r }),
        identity: (r) => ({ id: r.id, version: r.version }),
        fields: (row) => (
          <>
            <Form.Item name="entityId" label={t('ref.entity')} rules={[zodRule(a.entityId, t('ref.entity'))]}>
              <RefSelect kind="entity" />
            </Form.Item>
            <Form.Item name="bankId" label={t('ref.bank')} rules={[zodRule(a.bankId, t('ref.bank'))]}>
              <RefSelect kind="bank" />
            </Form.Item>
            <TextItem name="accountName" label={t('ref.accountName')} schema={a.accountName} />
            <TextItem name="accountNo" label={t('ref.accountNo')} schema={a.accountNo} />
            <Form.Item
              name="currencyCode"
              label={t('ref.currency')}
              rules={[zodRule(a.currencyCode, t('ref.currency'))]}
            >
              <RefSelect kind="currency" />
            </Form.Item>
            {row && <EnabledItem t={t} />}
          </>
        ),
      }}
    />
  );
}

function BankList() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<BankRow> = [
    nameColumn(t, en),
    { key: 'swift', dataIndex: 'swift', title: 'SWIFT/BIC', width: 130 },
    { key: 'countryCode', dataIndex: 'countryCode', title: t('ref.country'), width: 90 },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<BankRow, Pick<BankPageQuery, 'keyword' | 'country'>>
      area="bank"
      perm={RefPerm.BANK}
      rowKey="id"
      testId="bank"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword" label={t('ref.keyword')}>
            <Input allowClear placeholder={t('ref.bankKeyword')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="country" label={t('ref.country')}>
            <RefSelect kind="country" allowClear placeholder={t('common.all')} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      form={{
        initial: (r) => ({ ...r }),
        identity: (r) => ({ id: r.id, version: r.version }),
        fields: (row) => (
          <>
            <NameItems t={t} zh={b.name} en={b.nameEn} />
            <Form.Item
              name="swift"
              label="SWIFT/BIC"
              rules={[zodRule(b.swift, 'SWIFT/BIC')]}
              extra={t('ref.swiftHint')}
            >
              <Input />
            </Form.Item>
            <Form.Item name="countryCode" label={t('ref.country')} rules={[zodRule(b.countryCode, t('ref.country'))]}>
              <RefSelect kind="country" />
            </Form.Item>
            {row && <EnabledItem t={t} />}
          </>
        ),
      }}
    />
  );
}

/** /setModule/financial/bank: our entities' bank accounts, and the banks they are held at. */
export function BankScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'accounts', label: t('ref.bankAccounts'), children: <AccountList /> },
        { key: 'banks', label: t('ref.banks'), children: <BankList /> },
      ]}
    />
  );
}
