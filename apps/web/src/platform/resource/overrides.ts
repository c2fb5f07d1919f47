import type { ReactNode } from 'react';
import type { RowAction } from '../ui/RowActions';
import type { BulkAction } from '../ui/SearchTable';
import type { Row, Values } from './api';
import type { InputOverrides } from './ResourceFormFields';

/** A command run straight from a row with input taken from the row (a status switch): no dialog. */
export interface RowCommand {
  input: Values;
  label: ReactNode;
  confirm?: ReactNode;
  danger?: boolean;
}

/** A command's dialog: its starting values read from the row, and inputs of the screen's own. */
export interface CommandDialog {
  values?: (row: Row) => Values;
  inputs?: InputOverrides;
}

/**
 * Where a screen departs from its definition (the first escape: one cell, input, row command, tab,
 * filter control, row action or toolbar item).
 * More than three of them: write the screen by hand on the hooks.
 */
export interface ResourceOverrides {
  /** a cell (list) and value (detail) in place of the field's view */
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /** an input in place of the field's own, in the create / edit form */
  inputs?: InputOverrides;
  /** commands run from the row with values from it */
  rowCommands?: Record<string, (row: Row) => RowCommand>;
  /** a command's dialog filled from the row (a sign-up's company as the new customer's name) */
  commandDialogs?: Record<string, CommandDialog>;
  /** the content of the detail tabs the definition declares, by tab key */
  tabs?: Record<string, (row: Row) => ReactNode>;
  /** actions on the selected rows (SearchTable's bulk bar) */
  bulk?: BulkAction<Row>[];
  /** a search-form control in place of the filter's own, by filter name (a picker of a table with no field kind) */
  filters?: Record<string, ReactNode>;
  /** row actions of the screen's own, before the kernel's (a drawer of its own: answer a feedback) */
  rowActions?: (row: Row) => RowAction[];
  /** toolbar content of the screen's own, before New (a count, a button opening its own dialog) */
  toolbar?: ReactNode;
}
