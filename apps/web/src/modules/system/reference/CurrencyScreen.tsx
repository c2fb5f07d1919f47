import { type CurrencyPageQuery, type CurrencyRow, currencyUpdateBody, RefPerm } from '@portal/contracts/reference';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnabledItem, enabledColumn, NameItems, nameColumn, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

const s = currencyUpdateBody.shape;

/** /setModule/financial/currency: ISO 4217 currencies; names, symbol and whether staff may pick them. */
export function CurrencyScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<CurrencyRow> = [
    { key: 'code', dataIndex: 'code', title: t('ref.currencyCode'), width: 90 },
    nameColumn(t, en),
    { key: 'numeric', dataIndex: 'numeric', title: t('ref.numericCode'), width: 90 },
    { key: 'digits', dataIndex: 'digits', title: t('ref.minorDigits'), width: 110 },
    { key: 'symbol', dataIndex: 'symbol', title: t('ref.symbol'), width: 80 },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<CurrencyRow, Pick<CurrencyPageQuery, 'keyword' | 'enabled'>>
      area="currency"
      perm={RefPerm.CURRENCY}
      rowKey="code"
      testId="currency"
      columns={columns}
      canCreate={false}
      filters={
        <>
          <Form.Item name="keyword" label={t('ref.keyword')}>
            <Input
              allowClear
              placeholder={t('ref.currencyKeyword')}
              style={{ width: 200 }}
              data-testid="currency-keyword"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('ref.state')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 120 }}
              options={[
                { value: true, label: t('ref.enabled') },
                { value: false, label: t('ref.disabled') },
              ]}
            />
          </Form.Item>
        </>
      }
      form={{
        initial: (r) => ({ name: r.name, nameEn: r.nameEn, symbol: r.symbol, enabled: r.enabled }),
        identity: (r) => ({ code: r.code, version: r.version }),
        fields: () => (
          <>
            <NameItems t={t} zh={s.name} en={s.nameEn} />
            <TextItem name="symbol" label={t('ref.symbol')} schema={s.symbol} />
            <EnabledItem t={t} />
          </>
        ),
      }}
    />
  );
}
