import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { alignOf, type ColumnKind, columnWidth, isLongKind } from './column-kinds';

/** The column fields fitting reads and sets (antd's ColumnType has them all). */
interface FitFields {
  kind?: ColumnKind;
  width?: string | number;
  align?: string;
  ellipsis?: unknown;
  render?: (value: unknown, row: unknown, index: number) => ReactNode;
}

/** The text a tooltip shows for a cell: the rendered text, else the raw value. */
const tipOf = (rendered: ReactNode, value: unknown): ReactNode =>
  typeof rendered === 'string' || typeof rendered === 'number'
    ? rendered
    : typeof value === 'string' || typeof value === 'number'
      ? value
      : rendered;

/**
 * A column sized by its kind: its width (unless it sets one), numbers to the right, and long
 * text on one line cut with an ellipsis, the whole of it in a tooltip. Columns without a kind
 * pass unchanged.
 */
export function fitColumn<C extends { kind?: ColumnKind }>(input: C): C {
  const column = input as C & FitFields;
  const { kind } = column;
  if (!kind) return input;
  const fitted = { ...column, width: column.width ?? columnWidth(kind), align: column.align ?? alignOf(kind) };
  if (!isLongKind(kind) || column.ellipsis !== undefined) return fitted;
  const { render } = column;
  return {
    ...fitted,
    ellipsis: { showTitle: false },
    render: (value: unknown, row: unknown, index: number) => {
      const shown = render ? render(value, row, index) : (value as ReactNode);
      if (shown === null || shown === undefined || shown === '') return shown;
      return (
        <Tooltip placement="topLeft" title={tipOf(shown, value)}>
          <span>{shown}</span>
        </Tooltip>
      );
    },
  };
}
