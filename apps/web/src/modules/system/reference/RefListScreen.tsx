import { PlusOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../platform/access';
import { FormModal } from '../../../platform/ui/FormModal';
import { actionColumn } from '../../../platform/ui/RowActions';
import { SearchTable } from '../../../platform/ui/SearchTable';
import { refApi, refKeys } from './api';

type Values = Record<string, unknown>;

export interface RefFormSpec<Row> {
  /** the dialog's fields (Form.Item elements with their zodRule); `row` is undefined when adding */
  fields: (row: Row | undefined) => ReactNode;
  /** form values of a row being edited (create starts from `blank`) */
  initial: (row: Row) => Values;
  blank?: Values;
  /** the update body beyond the form values: the row's key and version */
  identity: (row: Row) => Values;
}

export interface RefListScreenProps<Row extends object> {
  /** the API area: `${REF}/${area}/page`, `/save`, `/update` */
  area: string;
  /** the screen's key: guards the add and edit buttons (the server checks it again) */
  perm: string;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  filters?: ReactNode;
  exportPath?: string;
  toolbar?: ReactNode;
  /** what the add / edit dialog holds; `canCreate` false for lists that only edit (ISO currencies) */
  form: RefFormSpec<Row>;
  canCreate?: boolean;
  formWidth?: number;
  testId: string;
}

/** A reference-data list: search form, paged table, add and edit in one dialog, all through `${area}/…`. */
export function RefListScreen<Row extends object, F extends object>(props: RefListScreenProps<Row>) {
  const { t } = useTranslation();
  const canEdit = useCan(props.perm);
  const [editing, setEditing] = useState<{ row?: Row } | undefined>();
  const queryKey = refKeys.list(props.area);
  const columns: TableColumnsType<Row> = canEdit
    ? [
        ...props.columns,
        actionColumn<Row>(
          t('common.action'),
          (row) => [
            {
              key: 'edit',
              label: t('ref.edit'),
              testId: `${props.testId}-edit-${String(row[props.rowKey] as Key)}`,
              onClick: () => setEditing({ row }),
            },
          ],
          90,
        ),
      ]
    : props.columns;
  const row = editing?.row;
  return (
    <>
      <SearchTable<Row, F>
        queryKey={queryKey}
        fetcher={(query, signal) => refApi.page<Row>(props.area, query, signal)}
        columns={columns}
        rowKey={props.rowKey}
        size="small"
        scrollX="max-content"
        exportPath={props.exportPath}
        filters={props.filters}
        toolbar={
          <>
            {props.toolbar}
            {props.canCreate !== false && (
              <Can perm={props.perm}>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({})}
                  data-testid={`${props.testId}-new`}
                >
                  {t('ref.new')}
                </Button>
              </Can>
            )}
          </>
        }
      />
      <FormModal<Values>
        open={!!editing}
        title={t(row ? 'ref.edit' : 'ref.new')}
        width={props.formWidth ?? 560}
        onClose={() => setEditing(undefined)}
        initialValues={row ? props.form.initial(row) : props.form.blank}
        successMessage={t('ref.saved')}
        invalidate={refKeys.all}
        onSubmit={(values) =>
          row ? refApi.update(props.area, { ...values, ...props.form.identity(row) }) : refApi.save(props.area, values)
        }
      >
        {props.form.fields(row)}
      </FormModal>
    </>
  );
}
