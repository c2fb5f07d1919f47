import { type PlatformCurrencyRow, platformCurrencySaveBody, RefPerm } from '@portal/contracts/reference';
import { Form, Input, InputNumber, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { EnabledItem, enabledColumn, nameColumn, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

const s = platformCurrencySaveBody.shape;

/** /setModule/uplatform/ucurrency: the currencies the messaging platform bills in, its code and price precision. */
export function PlatformCurrencyScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<PlatformCurrencyRow> = [
    { key: 'code', dataIndex: 'code', title: t('ref.currencyCode'), width: 90 },
    nameColumn(t, en),
    { key: 'platformCode', dataIndex: 'platformCode', title: t('ref.platformCode') },
    { key: 'priceDigits', dataIndex: 'priceDigits', title: t('ref.priceDigits') },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<PlatformCurrencyRow, { keyword?: string }>
      area="ucurrency"
      perm={RefPerm.PLATFORM_CURRENCY}
      rowKey="code"
      testId="ucurrency"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={t('ref.keyword')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
      }
      form={{
        blank: { priceDigits: 4 },
        initial: (r) => ({
          code: r.code,
          platformCode: r.platformCode,
          priceDigits: r.priceDigits,
          enabled: r.enabled,
        }),
        identity: (r) => ({ code: r.code, version: r.version }),
        fields: (row) => (
          <>
            <Form.Item name="code" label={t('ref.currency')} rules={[zodRule(s.code, t('ref.currency'))]}>
              <RefSelect kind="currency" disabled={!!row} />
            </Form.Item>
            <TextItem name="platformCode" label={t('ref.platformCode')} schema={s.platformCode} />
            <Form.Item
              name="priceDigits"
              label={t('ref.priceDigits')}
              rules={[zodRule(s.priceDigits, t('ref.priceDigits'))]}
              extra={t('ref.priceDigitsHint')}
            >
              <InputNumber min={0} max={8} precision={0} />
            </Form.Item>
            {row && <EnabledItem t={t} />}
          </>
        ),
      }}
    />
  );
}
