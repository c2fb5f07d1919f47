import type { Label, ResourceDef, ResourceField } from '@portal/contracts/resource/define';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDesc } from '../fields/field';

/** A definition's `{ zh, en }` text in the reader's language. */
export function useLabel() {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return (l: Label) => (en ? l.en : l.zh);
}

/** A resource field as the field kit takes it, labels in the reader's language. */
export function fieldDesc(f: ResourceField, label: (l: Label) => string): FieldDesc {
  return {
    kind: f.kind,
    label: label(f.label),
    required: f.required,
    rules: f.rules,
    options: f.options?.map((o) => ({ value: o.value, label: label(o.label), color: o.color })),
    dict: f.dict,
    multiple: f.multiple,
    secret: f.secret,
    ref: f.ref,
    decimal: f.decimal,
    quantity: f.quantity,
    emptyLabel: f.emptyLabel && label(f.emptyLabel),
  };
}

/** The field kit's description of each field of a definition. */
export function useFieldDescs(def: ResourceDef): Record<string, FieldDesc> {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  // one object per definition and language: lists keep their columns while neither changes
  return useMemo(() => {
    const label = (l: Label) => (en ? l.en : l.zh);
    return Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, fieldDesc(f, label)]));
  }, [def, en]);
}
