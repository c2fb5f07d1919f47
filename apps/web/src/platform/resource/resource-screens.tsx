import type { ResourceDef } from '@portal/contracts/resource/define';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Values } from './api';
import type { ResourceOverrides } from './overrides';
import { ResourceCreatePage } from './ResourceCreatePage';
import { ResourceDetail } from './ResourceDetail';
import { ResourceList } from './ResourceList';

/** kinds whose value is a record's id: a number in the address becomes a number in the form */
const ID_KINDS = new Set(['customer', 'supplier', 'user', 'department', 'number']);

/** A new record's starting values named in the address (`?customerId=12`): form fields only. */
function valuesFromAddress(def: ResourceDef, params: URLSearchParams): Values {
  const own = new Set(def.form.sections.flatMap((s) => s.fields));
  const out: Values = {};
  for (const [key, raw] of params) {
    const field = def.fields[key];
    if (!field || !own.has(key)) continue;
    out[key] = ID_KINDS.has(field.kind) && /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

/**
 * The screens of a resource from its definition: `List` (search, table, row actions, new, export,
 * details with history in a drawer), `Detail` (a page at the definition's detail route, `?id=`) and
 * `Create` (the create route as a page; form fields named in the address start filled).
 * Labels come from the definition, so these screens need no locale entries.
 */
export function resourceScreens(def: ResourceDef, overrides: ResourceOverrides = {}) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per definition at module load, never while rendering
  function List() {
    return <ResourceList def={def} overrides={overrides} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: as List
  function Detail() {
    const [params] = useSearchParams();
    const id = Number(params.get('id'));
    return <ResourceDetail def={def} id={Number.isInteger(id) && id > 0 ? id : 0} overrides={overrides} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: as List
  function Create() {
    const [params] = useSearchParams();
    const initialValues = useMemo(() => valuesFromAddress(def, params), [params]);
    return (
      <ResourceCreatePage key={params.toString()} def={def} inputs={overrides.inputs} initialValues={initialValues} />
    );
  }
  return { List, Detail, Create };
}
