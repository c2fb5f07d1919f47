import { formatMinor, formatNumber } from '@portal/contracts';
import { optionKindOf } from '@portal/contracts/options';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../dict/use-dict';
import { formatTime } from '../format-time';
import type { FieldDesc } from './field';
import { DepartmentName } from './names';
import { RecordName } from './RecordSelect';

const EMPTY = '-';

/**
 * The names of the ids a user or department field holds (`{ id: name }`), as the answer that held
 * the ids sent them, in the reader's language (decision 0068).
 */
export type IdNames = Readonly<Record<string, string>>;

/**
 * A person, department or record by the name the answer carried: `#id` when it carried none;
 * customers, agents, suppliers and accounts through the batched picker look-up (decision 0132).
 */
function Named({ field, id, names }: { field: FieldDesc; id: number; names?: IdNames }): ReactNode {
  const name = names?.[String(id)];
  if (name !== undefined) return name;
  const record = optionKindOf(field);
  if (record) return <RecordName kind={record} id={id} />;
  // a department outside a named answer (an approval form's value): the cached department options
  return field.kind === 'department' ? <DepartmentName id={id} /> : `#${id}`;
}

/** One value of a field as people read it: money in major units, choices by label, times local. */
function One({
  field,
  value,
  cell,
  names,
}: {
  field: FieldDesc;
  value: unknown;
  cell?: boolean;
  names?: IdNames;
}): ReactNode {
  const { t } = useTranslation();
  // amounts and rates: at least two decimals ("4,198.50", not "4,198.5"), up to the spec's six
  if (field.decimal) return formatNumber(value as string | number, 6, 2);
  if (field.quantity && typeof value === 'number') return formatNumber(value);
  if (typeof value === 'number' && optionKindOf(field)) return <Named field={field} id={value} names={names} />;
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? formatMinor(value) : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'datetime':
      return typeof value === 'string' ? formatTime(value) : String(value);
    case 'boolean':
      return value ? t('fields.yes') : t('fields.no');
    case 'enum': {
      const option = field.options?.find((o) => o.value === value);
      return option ? (
        <Tag color={option.color === 'default' ? undefined : option.color}>{option.label}</Tag>
      ) : (
        String(value)
      );
    }
    case 'dict':
      return <DictTag code={field.dict ?? ''} value={String(value)} />;
    case 'user':
    case 'department':
      return typeof value === 'number' ? <Named field={field} id={value} names={names} /> : String(value);

    case 'attachment':
      return Array.isArray(value) ? <Many field={{ ...field, kind: 'text' }} values={value} /> : EMPTY;
    case 'email':
      // in a list cell an address is text: a column of links reads as noise
      return cell ? String(value) : <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    default:
      return String(value);
  }
}

function Many({ field, values, names }: { field: FieldDesc; values: unknown[]; names?: IdNames }) {
  return (
    <Space size={[4, 4]} wrap>
      {values.map((v) =>
        field.kind === 'text' || field.kind === 'department' || field.kind === 'user' || field.ref ? (
          <Tag key={String(v)}>
            {typeof v === 'number' && (field.kind === 'user' || field.kind === 'department' || optionKindOf(field)) ? (
              <Named field={field} id={v} names={names} />
            ) : (
              String(v)
            )}
          </Tag>
        ) : (
          <One key={String(v)} field={field} value={v} />
        ),
      )}
    </Space>
  );
}

/**
 * A field's value for reading (a list `cell`, a detail): '-' when empty, a list as tags; people
 * and departments by the `names` their answer carried.
 */
export function FieldView({
  field,
  value,
  cell,
  names,
}: {
  field: FieldDesc;
  value: unknown;
  cell?: boolean;
  names?: IdNames;
}) {
  if (value === undefined || value === null || value === '')
    return field.emptyLabel ? <Tag>{field.emptyLabel}</Tag> : EMPTY;
  if (Array.isArray(value)) return value.length ? <Many field={field} values={value} names={names} /> : EMPTY;
  return <One field={field} value={value} cell={cell} names={names} />;
}
