import { Button, Popconfirm, Space, Switch, type TableColumnType } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../access';

/** One link button of a list row: edit, delete (with a confirm), enable / disable, open something. */
export interface RowAction {
  key: Key;
  label: ReactNode;
  /** run on click, or after the confirm when `confirm` is set; a promise keeps the confirm's OK spinning */
  onClick: () => unknown;
  /** ask first (Popconfirm title) */
  confirm?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  testId?: string;
  /** shown only to users holding this permission key (spec 6) */
  perm?: string;
}

function ActionButton({ action }: { action: RowAction }) {
  const { t } = useTranslation();
  const button = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      icon={action.icon}
      loading={action.loading}
      onClick={action.confirm ? undefined : () => void action.onClick()}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
  const shown = action.confirm ? (
    <Popconfirm
      title={action.confirm}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => action.onClick() as Promise<void> | void}
    >
      {button}
    </Popconfirm>
  ) : (
    button
  );
  return action.perm ? <Can perm={action.perm}>{shown}</Can> : shown;
}

/** The row actions of a list: link buttons side by side, each optionally confirmed. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0}>
      {actions.map((a) => (
        <ActionButton key={a.key} action={a} />
      ))}
    </Space>
  );
}

/** The fixed-right "Actions" column of a SearchTable whose rows carry these actions. */
export function actionColumn<Row>(
  title: ReactNode,
  actions: (row: Row) => RowAction[],
  width?: number,
): TableColumnType<Row> {
  return {
    key: 'action',
    title,
    width,
    fixed: 'right',
    render: (_: unknown, row: Row) => <RowActions actions={actions(row)} />,
  };
}

/** An enable / disable switch column: flips at once (no confirm), spinning while its row's call runs. */
export function switchColumn<Row>(opts: {
  key: string;
  title: ReactNode;
  width?: number;
  checked: (row: Row) => boolean;
  onChange: (row: Row, checked: boolean) => void;
  loading?: (row: Row) => boolean;
}): TableColumnType<Row> {
  return {
    key: opts.key,
    dataIndex: opts.key,
    title: opts.title,
    width: opts.width,
    render: (_: unknown, row: Row) => (
      <Switch
        size="small"
        checked={opts.checked(row)}
        loading={opts.loading?.(row)}
        onChange={(checked) => opts.onChange(row, checked)}
      />
    ),
  };
}
