import type { FileInfo } from '@portal/contracts';
import { STAFF_PICK_MAX, STAFF_PICK_PATH, type StaffPick } from '@portal/contracts/staff';
import { get, upload } from '../http';

export const fieldKeys = {
  staff: (keyword: string, holds: string | undefined) => ['fields', 'staff', keyword, holds ?? ''] as const,
};

/** The calls field inputs make: the staff picker and the system upload. */
export const fieldApi = {
  /** active staff within the caller's data scope whose name or job number holds the keyword; `holds`: only holders of that key */
  staff: (keyword: string, holds?: string) =>
    get<StaffPick[]>(
      STAFF_PICK_PATH,
      { limit: STAFF_PICK_MAX, ...(keyword ? { keyword } : {}), ...(holds ? { holds } : {}) },
      { showMessage: false },
    ),
  upload: (file: File) => upload<FileInfo>('/v2/sys/staff/file/upload', file),
};
