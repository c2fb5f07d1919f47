import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, type TableColumnType } from 'antd';
import type { Key, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../access';

/** One link button of a list row: edit, delete (with a confirm), enable / disable, open something. */
export interface RowAction {
  key: Key;
  label: ReactNode;
  /**
   * run on click, or after the confirm when `confirm` is set; a promise keeps the confirm's OK spinning.
   * Left out where `wrap` takes the click.
   */
  onClick?: () => unknown;
  /** ask first (Popconfirm title) */
  confirm?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  testId?: string;
  /** shown only to users holding this permission key (spec 6) */
  perm?: string;
  /** puts the button inside something that takes the click itself (a file picker: antd Upload) */
  wrap?: (button: ReactElement) => ReactNode;
}

/** A failed call was shown by the http client's one error path: the row just stops spinning. */
const settle = (run?: () => unknown) =>
  Promise.resolve(run?.()).then(
    () => undefined,
    () => undefined,
  );

function ActionButton({ action }: { action: RowAction }) {
  const { t } = useTranslation();
  const button = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      icon={action.icon}
      loading={action.loading}
      disabled={action.disabled}
      onClick={action.confirm || action.wrap ? undefined : () => void settle(action.onClick)}
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
      onConfirm={() => settle(action.onClick)}
    >
      {button}
    </Popconfirm>
  ) : action.wrap ? (
    action.wrap(button)
  ) : (
    button
  );
  return action.perm ? <Can perm={action.perm}>{shown}</Can> : shown;
}

/** The row actions of a list: link buttons side by side (wrapping in a narrow column), each optionally confirmed. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0} wrap>
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

/**
 * An enable / disable switch column: flips at once, spinning while its row's call runs; where
 * `confirm` gives a title for the flip (switching a notice on pushes it), it asks first.
 */
export function switchColumn<Row>(opts: {
  key: string;
  title: ReactNode;
  width?: number;
  checked: (row: Row) => boolean;
  /** a promise keeps the confirm's OK spinning */
  onChange: (row: Row, checked: boolean) => unknown;
  loading?: (row: Row) => boolean;
  confirm?: (row: Row, checked: boolean) => ReactNode | undefined;
}): TableColumnType<Row> {
  return {
    key: opts.key,
    dataIndex: opts.key,
    title: opts.title,
    width: opts.width,
    render: (_: unknown, row: Row) => {
      const checked = opts.checked(row);
      const ask = opts.confirm?.(row, !checked);
      const flip = (next: boolean) => settle(() => opts.onChange(row, next));
      return ask ? (
        <ConfirmedSwitch title={ask} checked={checked} onConfirm={() => flip(!checked)} />
      ) : (
        <Switch size="small" checked={checked} loading={opts.loading?.(row)} onChange={(next) => void flip(next)} />
      );
    },
  };
}

function ConfirmedSwitch(props: { title: ReactNode; checked: boolean; onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={props.title} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={props.onConfirm}>
      <Switch size="small" checked={props.checked} />
    </Popconfirm>
  );
}

/**
 * A call from a list row (delete, enable / disable, retry …) as a mutation: on success a toast where
 * `done` gives one, then the given queries refetch. Failures take the http client's one error path.
 */
export function useRowCall<A>(
  call: (arg: A) => Promise<unknown>,
  refetch: readonly QueryKey[],
  /** the toast after a success, if any */
  done?: (arg: A) => string | undefined,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (_data, arg) => {
      const text = done?.(arg);
      if (text) message.success(text);
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
