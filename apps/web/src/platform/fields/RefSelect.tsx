import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../http';

/** The fields a picker shows of the reference-data options (`@portal/contracts/reference`). */
interface Named {
  name: string;
  nameEn: string;
}
type Option = { value: string | number; label: string };

const REF = '/v2/sys/staff/ref';
const load = <T,>(path: string, signal: AbortSignal) =>
  get<T[]>(`${REF}/${path}/options`, undefined, { signal, showMessage: false });

/** What each kind lists, labelled in the reader's language and searched by code and name. */
const SOURCES = {
  country: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { code: string }>('country', signal)).map((c) => ({
      value: c.code,
      label: `${c.code} ${en ? c.nameEn : c.name}`,
    })),
  operator: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { mccmnc: string; countryCode: string | null }>('operator', signal)).map((o) => ({
      value: o.mccmnc,
      label: `${o.mccmnc} ${en ? o.nameEn : o.name} · ${o.countryCode ?? ''}`,
    })),
  /** a network by its record id (merging one into another) */
  operatorId: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { id: number; mccmnc: string; countryCode: string | null }>('operator', signal)).map((o) => ({
      value: o.id,
      label: `${o.mccmnc} ${en ? o.nameEn : o.name} · ${o.countryCode ?? ''}`,
    })),
  currency: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { code: string }>('currency', signal)).map((c) => ({
      value: c.code,
      label: `${c.code} ${en ? c.nameEn : c.name}`,
    })),
  entity: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { id: number; code: string }>('entity', signal)).map((e) => ({
      value: e.id,
      label: `${e.code} ${en ? e.nameEn : e.name}`,
    })),
  bank: async (en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<Named & { id: number; swift: string }>('bank', signal)).map((b) => ({
      value: b.id,
      label: `${en ? b.nameEn : b.name} (${b.swift})`,
    })),
  timezone: async (_en: boolean, signal: AbortSignal): Promise<Option[]> =>
    (await load<{ id: string; offset: string }>('timezone', signal)).map((z) => ({
      value: z.id,
      label: `(UTC${z.offset}) ${z.id}`,
    })),
};
export type RefKind = keyof typeof SOURCES;
/** the reference kinds a resource field's `ref` may name (record ids) */
const ID_REFS: Record<string, RefKind> = { entity: 'entity', bank: 'bank', operator: 'operatorId' };
export const refKindOfId = (ref: string | undefined): RefKind | undefined => (ref ? ID_REFS[ref] : undefined);

/**
 * A picker over reference data (the system room's `…/options` calls, cached by TanStack Query and
 * dropped with the `ref` keys when a reference screen saves).
 */
export function RefSelect({ kind, ...props }: { kind: RefKind } & SelectProps<string | number | (string | number)[]>) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const { data, isPending } = useQuery({
    queryKey: ['ref', 'options', kind, en],
    queryFn: ({ signal }) => SOURCES[kind](en, signal),
    staleTime: 5 * 60_000,
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isPending}
      placeholder={t(`fields.refPlaceholder.${kind}`)}
      options={data ?? []}
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}
