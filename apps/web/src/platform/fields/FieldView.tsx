import { formatMinor, formatNumber } from '@portal/contracts';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../dict/use-dict';
import type { FieldDesc } from './field';

const EMPTY = '-';

/** One value of a field as people read it: money in major units, choices by label, times local. */
function One({ field, value, cell }: { field: FieldDesc; value: unknown; cell?: boolean }): ReactNode {
  const { t } = useTranslation();
  if (field.decimal) return formatNumber(value as string);
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? formatMinor(value) : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'datetime':
      return typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD HH:mm') : String(value);
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
      return typeof value === 'number' ? `#${value}` : String(value);
    case 'attachment':
      return Array.isArray(value) ? <Many field={{ ...field, kind: 'text' }} values={value} /> : EMPTY;
    case 'email':
      // in a list cell an address is text: a column of links reads as noise
      return cell ? String(value) : <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    default:
      return String(value);
  }
}

function Many({ field, values }: { field: FieldDesc; values: unknown[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {values.map((v) =>
        field.kind === 'text' || field.kind === 'department' || field.ref ? (
          <Tag key={String(v)}>{String(v)}</Tag>
        ) : (
          <One key={String(v)} field={field} value={v} />
        ),
      )}
    </Space>
  );
}

/** A field's value for reading (a list `cell`, a detail): '-' when empty, a list as tags. */
export function FieldView({ field, value, cell }: { field: FieldDesc; value: unknown; cell?: boolean }) {
  if (value === undefined || value === null || value === '') return EMPTY;
  if (Array.isArray(value)) return value.length ? <Many field={field} values={value} /> : EMPTY;
  return <One field={field} value={value} cell={cell} />;
}
