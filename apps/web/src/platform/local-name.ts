import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Picks a record's name in the reader's language (zh name, en name); en falls back to zh. */
export function useLocalName(): (r: { name: string; nameEn?: string | null }) => string {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return useCallback((r) => (en && r.nameEn ? r.nameEn : r.name), [en]);
}
