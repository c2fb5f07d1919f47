/**
 * What a refused `save` or `update` of a resource may carry in its answer's `data` for the form that
 * sent it (decision 0076): values to put into the form's fields (a free alias the server generated,
 * 10050016) and the record the input collided with, which the form offers to open. The form applies
 * it whatever the code; the message is the error path's.
 */
export interface FormHint {
  /** field → value, applied to the fields the form shows */
  suggest?: Record<string, unknown>;
  /** the existing record of the same resource (its id and how to name it) */
  existing?: { id: number; title: string };
}

/** The hint in an answer's data, when there is one of the right shape. */
export function formHintOf(data: unknown): FormHint | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { suggest, existing } = data as Record<string, unknown>;
  const hint: FormHint = {};
  if (suggest && typeof suggest === 'object' && !Array.isArray(suggest))
    hint.suggest = suggest as Record<string, unknown>;
  if (existing && typeof existing === 'object') {
    const e = existing as Record<string, unknown>;
    if (Number.isInteger(e.id) && typeof e.title === 'string') hint.existing = { id: e.id as number, title: e.title };
  }
  return hint.suggest || hint.existing ? hint : null;
}
