import { Alert, Button, Popconfirm, Space } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../user-store';

/** An action on the selected rows of a list. */
export interface BulkAction<Row> {
  key: string;
  label: ReactNode;
  /** shown only to users holding this permission key */
  perm?: string;
  danger?: boolean;
  /** ask first (Popconfirm title) */
  confirm?: (rows: Row[]) => ReactNode;
  /** a promise keeps the button spinning; on success the selection is cleared */
  onRun: (rows: Row[]) => unknown;
}

/** The selected rows of a list by key, kept across pages (the rows of other pages are remembered). */
export function useSelection<Row extends object>(rowKey: (keyof Row & string) | ((row: Row) => Key)) {
  const [selected, setSelected] = useState<ReadonlyMap<Key, Row>>(new Map());
  const keyOf = (row: Row): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));
  return {
    rows: [...selected.values()],
    clear: () => setSelected(new Map()),
    rowSelection: {
      selectedRowKeys: [...selected.keys()],
      preserveSelectedRowKeys: true,
      onChange: (keys: Key[], rows: (Row | undefined)[]) =>
        setSelected((old) => {
          const next = new Map<Key, Row>();
          const onPage = new Map(rows.filter((r): r is Row => r !== undefined).map((r) => [keyOf(r), r]));
          for (const k of keys) {
            const row = onPage.get(k) ?? old.get(k);
            if (row) next.set(k, row);
          }
          return next;
        }),
    },
  };
}

/** Above a list with selected rows: how many, clear, and the bulk actions the user may run. */
export function BulkBar<Row extends object>(props: {
  actions: BulkAction<Row>[];
  selection: { rows: Row[]; clear: () => void };
}) {
  const { t } = useTranslation();
  const keys = useUser((s) => s.keys);
  const [running, setRunning] = useState<string>();
  const { rows, clear } = props.selection;
  if (rows.length === 0) return null;
  const run = async (action: BulkAction<Row>) => {
    setRunning(action.key);
    try {
      await action.onRun(rows);
      clear();
    } catch {
      // the http client showed the failure; the selection stays for a retry
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <Alert
      type="info"
      style={{ marginBottom: 12, paddingBlock: 6 }}
      data-testid="bulk-bar"
      title={
        <Space wrap>
          <span>{t('table.selected', { count: rows.length })}</span>
          <Button type="link" size="small" onClick={clear}>
            {t('table.clearSelection')}
          </Button>
          {props.actions
            .filter((a) => !a.perm || keys.has(a.perm))
            .map((a) => {
              const button = (
                <Button
                  key={a.key}
                  size="small"
                  danger={a.danger}
                  loading={running === a.key}
                  onClick={a.confirm ? undefined : () => void run(a)}
                >
                  {a.label}
                </Button>
              );
              return a.confirm ? (
                <Popconfirm
                  key={a.key}
                  title={a.confirm(rows)}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => run(a)}
                >
                  {button}
                </Popconfirm>
              ) : (
                button
              );
            })}
        </Space>
      }
    />
  );
}
