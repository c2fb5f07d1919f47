import type { ReactNode } from 'react';
import { FieldView } from '../fields/FieldView';
import type { FieldDesc } from '../fields/field';
import type { ColumnKind } from '../ui/column-kinds';
import type { ListColumn } from '../ui/SearchTable';
import type { Row } from './api';

/** A short text (a code, a job number: at most 32 characters) takes a code's width, a list tags'. */
function kindOf(field: FieldDesc): ColumnKind {
  if (field.multiple) return 'tags';
  if (field.decimal) return 'money';
  if (field.kind === 'text' && (field.rules?.maxLength ?? Infinity) <= 32) return 'code';
  return field.kind;
}

/**
 * A list column of a field: SearchTable sizes it by the field's kind (a list of values as tags),
 * cuts long text with a tooltip, and hides a secondary one where the screen has no room.
 */
export function fieldColumn(
  key: string,
  field: FieldDesc,
  opts: { sortable: boolean; render?: (value: unknown, row: Row) => ReactNode; secondary?: number },
): ListColumn<Row> {
  return {
    key,
    dataIndex: key,
    title: field.label,
    kind: kindOf(field),
    // a time is kept until the last: lists are read by when
    secondary: opts.secondary && (field.kind === 'date' || field.kind === 'datetime') ? 1 : opts.secondary,
    sorter: opts.sortable,
    render: (value: unknown, row: Row) =>
      opts.render ? opts.render(value, row) : <FieldView field={field} value={value} cell names={row.names?.[key]} />,
  };
}
