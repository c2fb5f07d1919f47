import { ADMISSION_CHECKLIST, type AdmissionApply } from '@portal/contracts/srm';

/** The apply form's values: the checklist as the keys ticked. */
export interface ApplyValues {
  supplierId: number;
  checklist?: string[];
  documents?: string[];
  note?: string;
}

/** The request body: every checklist item answered (unticked ones false), no empty note. */
export const applyBody = (v: ApplyValues): AdmissionApply => ({
  supplierId: v.supplierId,
  checklist: Object.fromEntries(ADMISSION_CHECKLIST.map((c) => [c.key, (v.checklist ?? []).includes(c.key)])),
  documents: v.documents ?? [],
  ...(v.note?.trim() ? { note: v.note.trim() } : {}),
});
