import type { FilterOp } from '@portal/contracts/resource/define';
import { DatePicker, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../dict/use-dict';
import { FieldControl } from './FieldControl';
import type { FieldDesc } from './field';
import { MoneyInput } from './MoneyInput';
import { NumberInput } from './NumberInput';

type Bound = { id?: string; value?: unknown; onChange?: (v: unknown) => void };
/** what Form.Item injects, handed on to an antd control (which types its own value) */
type Injected = Record<string, never>;

/** From–to of two number inputs: the value is `[from | null, to | null]`. */
function NumberRange({ money, value, onChange, id }: { money: boolean } & Bound) {
  const { t } = useTranslation();
  const [from = null, to = null] = Array.isArray(value) ? (value as (number | null)[]) : [];
  const Part = money ? MoneyInput : NumberInput;
  const set = (i: 0 | 1) => (n: number | null) => {
    const next = [from, to];
    next[i] = n;
    onChange?.(next.every((x) => x === null) ? undefined : next);
  };
  return (
    <Space.Compact style={{ width: 240 }}>
      <Part id={id} value={from} onChange={set(0)} data-testid={id && `${id}-from`} />
      <span style={{ padding: '4px 6px' }}>{t('fields.to')}</span>
      <Part value={to} onChange={set(1)} />
    </Space.Compact>
  );
}

/**
 * The search-form control of a filter on a field: a keyword box for `like`, a choice (several for
 * `in`) for enums, dictionaries, yes/no and people, a from–to for `range`, a has-a-value choice
 * for `set` (named by `choices`), else the field's input.
 * Date ranges need `dateItemProps(kind, true)` on the Form.Item.
 */
export function FieldFilter({
  field,
  op,
  placeholder,
  choices,
  ...bound
}: { field: FieldDesc; op: FilterOp; placeholder?: string; choices?: { yes: string; no: string } } & Bound) {
  const { t } = useTranslation();
  const mode = op === 'in' ? ('multiple' as const) : undefined;
  const wide = { style: { width: op === 'like' ? 220 : 180 }, ...(bound as Injected) };
  if (op === 'like') return <Input allowClear placeholder={placeholder} {...wide} />;
  if (op === 'set')
    return (
      <Select
        allowClear
        placeholder={t('common.all')}
        options={[
          { value: 'yes', label: choices?.yes ?? t('fields.yes') },
          { value: 'no', label: choices?.no ?? t('fields.no') },
        ]}
        {...wide}
      />
    );
  if (op === 'range') {
    if (field.kind === 'date' || field.kind === 'datetime')
      return (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          showTime={field.kind === 'datetime'}
          {...(bound as Injected)}
        />
      );
    return <NumberRange money={field.kind === 'money'} {...bound} />;
  }
  switch (field.kind) {
    case 'enum':
      return <Select allowClear placeholder={t('common.all')} mode={mode} options={field.options} {...wide} />;
    case 'dict':
      return <DictSelect code={field.dict ?? ''} placeholder={t('common.all')} mode={mode} {...wide} />;
    case 'boolean':
      return (
        <Select
          allowClear
          placeholder={t('common.all')}
          options={[
            { value: true, label: t('fields.yes') },
            { value: false, label: t('fields.no') },
          ]}
          {...wide}
        />
      );
    default:
      return (
        <div style={{ width: 180 }}>
          <FieldControl field={{ ...field, multiple: op === 'in' }} {...bound} />
        </div>
      );
  }
}
