import { optionKindOf } from '@portal/contracts/options';
import { DatePicker, Input, Select, Switch } from 'antd';
import { DictSelect } from '../dict/use-dict';
import { AttachmentInput } from './AttachmentInput';
import { DepartmentSelect } from './DepartmentSelect';
import type { FieldDesc } from './field';
import { MoneyInput } from './MoneyInput';
import { NumberInput } from './NumberInput';
import { RecordSelect } from './RecordSelect';
import { RefSelect, refKindOfId } from './RefSelect';
import { RoleSelect } from './RoleSelect';
import { UserSelect } from './UserSelect';

/**
 * The input of a field by its kind; Form.Item binds value and onChange to it (props it passes
 * through reach the antd control). Dates need `dateItemProps` on the Form.Item.
 */
export function FieldControl({ field, testId, ...bound }: { field: FieldDesc; testId?: string; id?: string }) {
  const common = { ...bound, 'data-testid': testId };
  const mode = field.multiple ? ('multiple' as const) : undefined;
  // records with a picker of their own: departments as a tree, roles, reference data by id, and
  // customers, agents, suppliers and accounts searched on the server (decision 0132)
  if (field.kind === 'department') return <DepartmentSelect multiple={field.multiple} {...common} />;
  const recordKind = optionKindOf(field);
  if (recordKind) return <RecordSelect kind={recordKind} mode={mode} {...common} />;
  if (field.ref === 'role') return <RoleSelect mode={mode} {...common} />;
  const refKind = refKindOfId(field.ref);
  if (refKind) return <RefSelect kind={refKind} mode={mode} {...common} />;
  // a list of values with no picker of its own (ids, codes): typed as tags
  if (field.multiple && !['user', 'enum', 'dict', 'country', 'operator'].includes(field.kind)) {
    const numeric = field.ref || field.kind === 'number';
    return <IdTags numeric={!!numeric} {...common} />;
  }
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.rules?.maxLength} showCount {...common} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'percent':
      return <NumberInput decimals={2} suffix="%" {...common} />;
    case 'money':
      return <MoneyInput {...common} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...common} />;
    case 'datetime':
      return <DatePicker showTime style={{ width: '100%' }} {...common} />;
    case 'boolean':
      return <Switch {...common} />;
    case 'enum':
      return <Select allowClear mode={mode} options={field.options} {...common} />;
    case 'dict':
      return <DictSelect code={field.dict ?? ''} mode={mode} {...common} />;
    case 'user':
      return <UserSelect allowClear mode={mode} {...common} />;
    case 'country':
    case 'operator':
      return <RefSelect kind={field.kind} mode={mode} {...common} />;
    case 'attachment':
      return <AttachmentInput {...bound} />;
    case 'email':
      return <Input type="email" maxLength={254} allowClear {...common} />;
    case 'phone':
      return <Input type="tel" placeholder="+8613800138000" allowClear {...common} />;
    default:
      if (field.secret)
        return <Input.Password maxLength={field.rules?.maxLength} autoComplete="new-password" {...common} />;
      return <Input maxLength={field.rules?.maxLength} allowClear {...common} />;
  }
}

/** Several ids or codes typed one by one (numbers when the field holds record ids). */
function IdTags({
  numeric,
  value,
  onChange,
  ...props
}: {
  numeric: boolean;
  value?: (string | number)[];
  onChange?: (v: (string | number)[]) => void;
  id?: string;
  'data-testid'?: string;
}) {
  return (
    <Select
      mode="tags"
      open={false}
      tokenSeparators={[',', ' ']}
      value={(value ?? []).map(String)}
      onChange={(v: string[]) => onChange?.(numeric ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : v)}
      {...props}
    />
  );
}
