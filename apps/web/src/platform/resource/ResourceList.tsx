import { PlusOutlined } from '@ant-design/icons';
import type { FieldKind } from '@portal/contracts/fields';
import type { ResourceDef } from '@portal/contracts/resource/define';
import { Button, Drawer, Form, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFilter } from '../fields/FieldFilter';
import { dateItemProps, type FieldDesc } from '../fields/field';
import { actionColumn, type RowAction } from '../ui/RowActions';
import { type ListColumn, SearchTable } from '../ui/SearchTable';
import type { Row, Values } from './api';
import { CommandForm } from './CommandForm';
import { fieldColumn } from './columns';
import { useFieldDescs, useLabel } from './labels';
import type { ResourceOverrides } from './overrides';
import { ResourceDetail } from './ResourceDetail';
import { ResourceForm } from './ResourceForm';
import { RowMenu } from './RowMenu';
import { useResourceList } from './use-resource-list';

/**
 * Secondary columns hide where they do not fit (time columns never): those past the fifth, and
 * past the second any list or contact detail.
 */
const PRIMARY_COLUMNS = 5;
const CONTACT: ReadonlySet<FieldKind> = new Set(['email', 'phone', 'textarea']);

/**
 * Which columns give way on a narrow screen, first to last: lists of values and contact details
 * beyond the first two columns and every column after the fifth (rank 2, rightmost first), then
 * the rest beyond the first two (rank 1); the first two (what names the record) always stay.
 */
const collapseRank = (i: number, field: FieldDesc): number =>
  i < 2 ? 0 : i >= PRIMARY_COLUMNS || field.multiple || CONTACT.has(field.kind) ? 2 : 1;

/**
 * The list screen of a resource: search form from its filters, columns from its fields (widths by
 * kind), row actions from what the caller may do (edit, commands, delete); the first column opens the details, toolbar with
 * new and export. Details open in a drawer; the history is one of its tabs.
 */
export function ResourceList({
  def,
  overrides = {},
  pagePath,
  fixed,
}: {
  def: ResourceDef;
  overrides?: ResourceOverrides;
  /** read the rows from another page of the resource (an ownership pool) */
  pagePath?: string;
  /** filters every page carries (a list of one kind of the records) */
  fixed?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const descs = useFieldDescs(def);
  const list = useResourceList(def, { pagePath, fixed });
  const [editing, setEditingState] = useState<{ id: number | null } | null>(null);
  // each opening of the form is a fresh form: a create after an edit starts empty
  const [openings, setOpenings] = useState(0);
  const setEditing = (next: { id: number | null } | null) => {
    if (next) setOpenings((n) => n + 1);
    setEditingState(next);
  };
  const [commanding, setCommanding] = useState<{ name: string; row: Row } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const { can, remove, command } = list;
  const hasDetail = !!def.detail || !!def.history;

  const actions = (row: Row): RowAction[] => {
    const out: RowAction[] = overrides.rowActions?.(row) ?? [];
    const editable = def.access.updateWhen;
    if (can.update && (!editable || editable.in.includes(row[editable.field] as string | number)))
      out.push({
        key: 'edit',
        label: t('resource.edit'),
        onClick: () => setEditing({ id: row.id }),
        testId: 'row-edit',
      });
    for (const [name, cmd] of Object.entries(def.commands ?? {})) {
      if (!can.command(name)) continue;
      if (cmd.when && !cmd.when.in.includes(row[cmd.when.field] as string | number)) continue;
      const fixed = overrides.rowCommands?.[name]?.(row);
      const running = command.isPending && command.variables?.id === row.id && command.variables.name === name;
      out.push(
        fixed
          ? {
              key: name,
              label: fixed.label,
              confirm: fixed.confirm,
              danger: fixed.danger,
              loading: running,
              onClick: () => command.mutateAsync({ name, id: row.id, input: fixed.input }),
            }
          : cmd.input
            ? { key: name, label: label(cmd.label), onClick: () => setCommanding({ name, row }), testId: `row-${name}` }
            : {
                key: name,
                label: label(cmd.label),
                confirm: cmd.confirm ? label(cmd.confirm) : `${label(cmd.label)}?`,
                loading: running,
                onClick: () => command.mutateAsync({ name, id: row.id }),
              },
      );
    }
    if (can.delete)
      out.push({
        key: 'delete',
        label: t('common.delete'),
        danger: true,
        confirm: `${t('common.delete')}?`,
        loading: remove.isPending && remove.variables?.id === row.id,
        onClick: () => remove.mutateAsync(row),
      });
    return out;
  };

  // the columns stay the same object while the definition and overrides do (the column chooser and
  // its saved order work on them); the action cells read the latest actions through a ref
  const rowsAct =
    !!overrides.rowActions ||
    can.update ||
    can.delete ||
    Object.keys(def.commands ?? {}).some((name) => can.command(name));
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      ...list.columns.map((key, i) => {
        const col = fieldColumn(key, descs[key]!, {
          sortable: def.list.sortable.includes(key),
          render: overrides.cells?.[key],
          secondary: collapseRank(i, descs[key]!),
        });
        if (i > 0) return col;
        // the first column names the record: a free text there (an identifier, a name) takes a title's width
        if (col.kind === 'text') col.kind = 'title';
        if (!hasDetail) return { ...col, fixed: 'left' as const };
        // the first column stays at the left and opens the record's details
        return {
          ...col,
          fixed: 'left' as const,
          render: (v: unknown, row: Row) => (
            <Typography.Link onClick={() => setViewing(row.id)} data-testid="row-detail">
              {col.render!(v, row, i) as ReactNode}
            </Typography.Link>
          ),
        };
      }),
      // a list whose rows can have no action (read only, or nothing the caller may do) has no empty column
      ...(rowsAct
        ? [
            {
              ...actionColumn<Row>(t('common.action'), (row) => actionsRef.current(row)),
              render: (_: unknown, row: Row) => <RowMenu actions={actionsRef.current(row)} />,
            },
          ]
        : []),
    ],
    [list.columns, descs, def, overrides.cells, hasDetail, rowsAct, t],
  );

  // a range with bounds travels as its two keys (the spec's `from` / `to`), the page and the export
  // alike; the list's fixed filters travel with both too (a partner list exports partners only)
  const fromForm = (values: Values): Values => {
    const out = { ...values, ...fixed };
    for (const [name, f] of list.filters) {
      if (!f.bounds) continue;
      const [from, to] = (out[name] as [unknown, unknown] | undefined) ?? [];
      delete out[name];
      Object.assign(out, { [f.bounds[0]]: from ?? undefined, [f.bounds[1]]: to ?? undefined });
    }
    return out;
  };

  // a fixed filter is not asked for: whatever the form held, the fixed value is what the list reads
  const shownFilters = list.filters.filter(([name]) => !fixed || !(name in fixed));

  return (
    <>
      <SearchTable<Row>
        queryKey={list.queryKey}
        fetcher={list.fetcher}
        columns={columns}
        rowKey="id"
        prefKey={def.key}
        bulkActions={overrides.bulk}
        exportPath={list.exportPath}
        title={label(def.title)}
        fromForm={fromForm}
        toolbar={
          (overrides.toolbar || can.create) && (
            <>
              {overrides.toolbar}
              {can.create && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ id: null })}
                  data-testid="list-create"
                >
                  {t('resource.create')}
                </Button>
              )}
            </>
          )
        }
        filters={
          shownFilters.length > 0 &&
          shownFilters.map(([name, f]) => {
            const field = descs[f.field ?? f.fields![0]!]!;
            // a keyword box is "Keyword" unless named; its placeholder lists the fields it searches
            const text = f.label ? label(f.label) : f.op === 'like' ? t('resource.keyword') : field.label;
            return (
              // a `set` filter holds 'yes' / 'no', not a date, whatever its field's kind
              <Form.Item
                key={name}
                name={name}
                label={text}
                {...(f.op === 'set' ? {} : dateItemProps(field.kind, f.op === 'range'))}
              >
                {overrides.filters?.[name] ?? (
                  <FieldFilter
                    field={{ ...field, label: text, multiple: false }}
                    op={f.op}
                    placeholder={f.op === 'like' ? f.fields!.map((k) => descs[k]!.label).join(' / ') : undefined}
                    choices={f.choices && { yes: label(f.choices.yes), no: label(f.choices.no) }}
                  />
                )}
              </Form.Item>
            );
          })
        }
      />
      <ResourceForm
        key={openings}
        def={def}
        id={editing?.id}
        open={!!editing}
        onClose={() => setEditing(null)}
        inputs={overrides.inputs}
      />
      {commanding && (
        <CommandForm
          def={def}
          name={commanding.name}
          row={commanding.row}
          onClose={() => setCommanding(null)}
          dialog={overrides.commandDialogs?.[commanding.name]}
        />
      )}
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width="min(880px, 100vw)"
        destroyOnHidden
        title={label(def.title)}
      >
        {viewing !== null && <ResourceDetail def={def} id={viewing} overrides={overrides} />}
      </Drawer>
    </>
  );
}
