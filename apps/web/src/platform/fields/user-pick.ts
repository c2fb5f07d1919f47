import type { StaffPick } from '@portal/contracts/staff';

/** How a picked user reads: name, job number and departments (the picker never shows login names). */
export const pickLabel = (u: StaffPick): string =>
  `${u.name} (${u.jobNumber})${u.deptNames.length ? ` · ${u.deptNames.join('/')}` : ''}`;
