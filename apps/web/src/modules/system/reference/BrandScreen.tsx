import { type BrandPageQuery, type BrandRow, brandSaveBody, RefPerm } from '@portal/contracts/reference';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { EnabledItem, enabledColumn, NameItems, nameColumn, TextItem, updatedColumn } from './parts';
import { RefListScreen } from './RefListScreen';

const s = brandSaveBody.shape;

/** /setModule/financial/brand: the trading brands quotes and bills carry, each signed by one of our entities. */
export function BrandScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const columns: TableColumnsType<BrandRow> = [
    { key: 'code', dataIndex: 'code', title: t('ref.code'), width: 100 },
    nameColumn(t, en),
    { key: 'entity', title: t('ref.entity'), render: (_, r) => (en ? r.entityNameEn : r.entityName) },
    { key: 'website', dataIndex: 'website', title: t('ref.website'), ellipsis: true },
    { key: 'supportEmail', dataIndex: 'supportEmail', title: t('ref.supportEmail') },
    enabledColumn(t),
    updatedColumn(t),
  ];
  return (
    <RefListScreen<BrandRow, Pick<BrandPageQuery, 'keyword' | 'entityId'>>
      area="brand"
      perm={RefPerm.BRAND}
      rowKey="id"
      testId="brand"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword" label={t('ref.keyword')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="entityId" label={t('ref.entity')}>
            <RefSelect kind="entity" allowClear placeholder={t('common.all')} style={{ width: 200 }} />
          </Form.Item>
        </>
      }
      form={{
        initial: (r) => ({ ...r }),
        identity: (r) => ({ id: r.id, version: r.version }),
        fields: (row) => (
          <>
            <TextItem name="code" label={t('ref.code')} schema={s.code} />
            <NameItems t={t} zh={s.name} en={s.nameEn} />
            <Form.Item name="entityId" label={t('ref.entity')} rules={[zodRule(s.entityId, t('ref.entity'))]}>
              <RefSelect kind="entity" />
            </Form.Item>
            <TextItem name="website" label={t('ref.website')} schema={s.website} />
            <TextItem name="supportEmail" label={t('ref.supportEmail')} schema={s.supportEmail} />
            {row && <EnabledItem t={t} />}
          </>
        ),
      }}
    />
  );
}
