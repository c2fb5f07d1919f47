import { LIVE_RESOURCES } from '@portal/contracts';

/** Version records: every signed-in user reads the published ones (timeline), editors the rest (declared by the binding). */
export const VERSIONS_RESOURCE = LIVE_RESOURCES.noticeVersions;
/** Ding notices: their list is the editors' (declared by the kernel's binding). */
export const DING_RESOURCE = LIVE_RESOURCES.dingNotices;
