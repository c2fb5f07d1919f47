import {
  SRM_IMPORT_PATHS,
  SrmPerm,
  type SupplierImportResult,
  type SupplierImportRow,
  supplierResource,
} from '@portal/contracts/srm';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportButton } from '../../platform/import/ImportButton';
import { resourceKeys } from '../../platform/resource/keys';

/** My suppliers → Import: XLSX template, preview (format and duplicate check), rows saved one by one. */
export function SupplierImportButton() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <ImportButton<SupplierImportRow, SupplierImportResult>
      label={t('srm.import.button')}
      perm={SrmPerm.SUPPLIER_IMPORT}
      title={t('srm.import.title')}
      paths={SRM_IMPORT_PATHS}
      templateName={t('srm.import.templateFile')}
      rowKey="row"
      columns={[
        { title: t('srm.import.row'), dataIndex: 'row', width: 64 },
        { title: supplierResource.fields.name.label.en, dataIndex: 'name' },
        { title: supplierResource.fields.alias.label.en, dataIndex: 'alias' },
        { title: supplierResource.fields.type.label.en, dataIndex: 'type' },
        { title: supplierResource.fields.country.label.en, dataIndex: 'country' },
      ]}
      onDone={async (result) => {
        const refused = result.outcomes.filter((o) => !o.ok);
        const saved = result.outcomes.length - refused.length;
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(supplierResource.key) });
        if (!refused.length) message.success(t('srm.import.saved', { count: saved }));
        else
          modal.warning({
            title: t('srm.import.partly', { saved, refused: refused.length }),
            content: refused.map((o) => (
              <div key={o.row}>{t('srm.import.refusedRow', { row: o.row, message: o.message })}</div>
            )),
          });
      }}
    />
  );
}
