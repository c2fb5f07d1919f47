import type { FormField } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldDesc } from '../../platform/fields/field';

/** The label of a form field in the UI language. */
export function useFieldLabel() {
  const { i18n } = useTranslation();
  return (f: Pick<FormField, 'label' | 'labelEn'>) => (i18n.language.startsWith('zh') ? f.label : f.labelEn);
}

/** A form field as the platform's field kit takes it (a `select` is an enum, or a dictionary item). */
export function useFormFieldDesc() {
  const labelOf = useFieldLabel();
  return (f: FormField): FieldDesc => ({
    kind: f.type === 'select' ? (f.dictCode ? 'dict' : 'enum') : f.type,
    label: labelOf(f),
    required: f.required,
    rules: f.rules,
    options: f.options,
    dict: f.dictCode ?? undefined,
  });
}
