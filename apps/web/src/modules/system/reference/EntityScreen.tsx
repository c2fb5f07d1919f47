import { type EntityPageQuery, type EntityRow, entitySaveBody, RefPerm } from '@portal/contracts/reference';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { EnabledItem, enabledColumn, NameItems, nameColumn, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

const s = entitySaveBody.shape;

/** /setModule/financial/main-body: our signing entities (the companies contracts and bills are issued by). */
export function EntityScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<EntityRow> = [
    { key: 'code', dataIndex: 'code', title: t('ref.code'), width: 100 },
    nameColumn(t, en),
    { key: 'countryCode', dataIndex: 'countryCode', title: t('ref.country'), width: 90 },
    { key: 'currencyCode', dataIndex: 'currencyCode', title: t('ref.currency'), width: 90 },
    { key: 'taxId', dataIndex: 'taxId', title: t('ref.taxId') },
    { key: 'address', dataIndex: 'address', title: t('ref.address'), ellipsis: true, width: 220 },
    { key: 'accountCount', dataIndex: 'accountCount', title: t('ref.accountCount'), width: 100 },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<EntityRow, Pick<EntityPageQuery, 'keyword' | 'country'>>
      area="entity"
      perm={RefPerm.ENTITY}
      rowKey="id"
      testId="entity"
      columns={columns}
      formWidth={640}
      filters={
        <>
          <Form.Item name="keyword" label={t('ref.keyword')}>
            <Input allowClear placeholder={t('ref.entityKeyword')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="country" label={t('ref.country')}>
            <RefSelect kind="country" allowClear placeholder={t('common.all')} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      form={{
        blank: { enabled: true },
        initial: (r) => ({ ...r }),
        identity: (r) => ({ id: r.id, version: r.version }),
        fields: (row) => (
          <>
            <TextItem name="code" label={t('ref.code')} schema={s.code} testId="entity-code" />
            <NameItems t={t} zh={s.name} en={s.nameEn} />
            <Form.Item name="countryCode" label={t('ref.country')} rules={[zodRule(s.countryCode, t('ref.country'))]}>
              <RefSelect kind="country" data-testid="entity-country" />
            </Form.Item>
            <Form.Item
              name="currencyCode"
              label={t('ref.currency')}
              rules={[zodRule(s.currencyCode, t('ref.currency'))]}
            >
              <RefSelect kind="currency" data-testid="entity-currency" />
            </Form.Item>
            <TextItem name="taxId" label={t('ref.taxId')} schema={s.taxId} />
            <TextItem name="address" label={t('ref.address')} schema={s.address} />
            {row && <EnabledItem t={t} />}
          </>
        ),
      }}
    />
  );
}
