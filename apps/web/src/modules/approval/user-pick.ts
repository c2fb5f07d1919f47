import type { UserPick } from '@portal/contracts';

/** How a picked user reads: name, job number and departments (the picker never shows login names). */
export const pickLabel = (u: UserPick): string =>
  `${u.name} (${u.jobNumber})${u.deptNames.length ? ` · ${u.deptNames.join('/')}` : ''}`;
